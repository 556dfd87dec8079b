import MixdownDSP
import XCTest

/// The owned audio buffer and its views: layout, bounds, copies, and the
/// kernels' view forms against their per-channel pointer forms.
final class AudioBufferTests: XCTestCase {
    func testABufferIsSilentWithEveryPlaneOnACacheLine() {
        for (channels, capacity) in [(1, 0), (1, 1), (2, 17), (2, 16_384), (6, 1_000)] {
            var buffer = AudioBuffer(channelCount: channels, capacity: capacity)
            XCTAssertEqual(buffer.channelCount, channels)
            XCTAssertEqual(buffer.capacity, capacity)
            let all = buffer.mutableSlice(0..<capacity)
            XCTAssertEqual(all.count, capacity)
            for index in 0..<channels {
                let plane = all.channel(index)
                XCTAssertEqual(Int(bitPattern: plane.baseAddress) % AudioBuffer.planeAlignment, 0, "channel \(index) of \(channels)")
                XCTAssertTrue(plane.allSatisfy { $0 == 0 }, "silent at first")
            }
            // Writing one channel leaves the others alone: the planes do not overlap.
            if capacity > 0 {
                all.channel(0).update(repeating: 1)
                for index in 1..<channels { XCTAssertTrue(buffer.slice(0..<capacity).channel(index).allSatisfy { $0 == 0 }) }
            }
        }
    }

    func testViewsSliceFramesAndChannels() {
        let left: [Float] = (0..<100).map { Float($0) }, right = left.map { -$0 }
        let buffer = AudioBuffer(copying: [left, right])
        XCTAssertEqual(buffer.capacity, 100)
        let all = buffer.slice(0..<buffer.capacity)
        XCTAssertEqual(Array(all.left), left)
        XCTAssertEqual(Array(all.right), right)
        let middle = buffer.slice(10..<30)
        XCTAssertEqual(middle.count, 20)
        XCTAssertEqual(Array(middle.left), Array(left[10..<30]))
        let inner = middle.slice(5...)
        XCTAssertEqual(Array(inner.right), Array(right[15..<30]))
        XCTAssertTrue(middle.slice(20..<20).isEmpty)
        XCTAssertNotNil(middle.slice(20..<20).left.baseAddress, "an empty view still has an address")
        let mono = inner.channels(1..<2)
        XCTAssertEqual(mono.channelCount, 1)
        XCTAssertEqual(Array(mono.left), Array(inner.right))
        XCTAssertEqual(Array(buffer.slice(..<3).left), [0, 1, 2])
    }

    func testAMutableViewUpdatesFromAnother() {
        let source = AudioBuffer(copying: [[1, 2, 3, 4], [5, 6, 7, 8]])
        var target = AudioBuffer(capacity: 6)
        target.mutableSlice(1..<5).update(from: source.slice(0..<4))
        XCTAssertEqual(Array(target.slice(0..<6).left), [0, 1, 2, 3, 4, 0])
        XCTAssertEqual(Array(target.slice(0..<6).right), [0, 5, 6, 7, 8, 0])
        let view = target.mutableSlice(0..<6)
        view.update(from: AudioSlice(view))
        XCTAssertEqual(Array(target.slice(0..<6).right), [0, 5, 6, 7, 8, 0], "a view copied onto itself")
    }

    /// The view forms run the mono kernels channel by channel: the same bits,
    /// also on views that start off the buffer's alignment.
    func testViewKernelsAreTheMonoKernelsPerChannel() {
        for count in kernelLengths {
            let left = testSignal(count: count + 1, seed: 1), right = testSignal(count: count + 1, seed: 2)
            let gains = testSignal(count: count + 1, seed: 3)
            let source = AudioBuffer(copying: [left, right])
            let src = source.slice(1...)
            var bus = AudioBuffer(copying: [testSignal(count: count + 1, seed: 4), testSignal(count: count + 1, seed: 5)])
            var expected: [[Float]] = (0..<2).map { Array(bus.slice(1...).channel($0)) }
            gains.withUnsafeBufferPointer { g in
                let factors = UnsafeBufferPointer(rebasing: g[1...])
                DSP.multiplyAccumulate(into: bus.mutableSlice(1...), src, gains: factors)
                DSP.multiplyAccumulate(into: bus.mutableSlice(1...), src, gain: 0.7)
                for c in 0..<2 {
                    expected[c].withUnsafeMutableBufferPointer { e in
                        guard count > 0 else { return }
                        DSP.multiplyAccumulate(into: e.baseAddress!, src.channel(c).baseAddress!, gains: factors.baseAddress!, count: count)
                        DSP.multiplyAccumulate(into: e.baseAddress!, src.channel(c).baseAddress!, gain: 0.7, count: count)
                    }
                }
            }
            for c in 0..<2 {
                XCTAssertEqual(bus.slice(1...).channel(c).map(\.bitPattern), expected[c].map(\.bitPattern), "channel \(c), \(count)")
            }
            let peak = max(left[1...].map(abs).max() ?? 0, right[1...].map(abs).max() ?? 0)
            XCTAssertEqual(DSP.peakMagnitude(src), peak, "\(count)")
            DSP.fill(bus.mutableSlice(1...), value: 0.25)
            XCTAssertTrue(bus.slice(1...).left.allSatisfy { $0 == 0.25 } && bus.slice(1...).right.allSatisfy { $0 == 0.25 })
        }
    }
}
