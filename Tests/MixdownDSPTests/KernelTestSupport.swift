import MixdownDSP
import XCTest

/// Lengths that exercise an empty call, a lone scalar tail, tails either
/// side of a vector width, and a long block with a ragged end.
let kernelLengths = [0, 1, 7, 8, 9, 15, 16, 17, 4099]

/// Owns test buffers whose usable elements start one element past an
/// allocation boundary, so vector loads and stores are misaligned.
///
/// Pointers stay valid until ``deallocateAll()``; call it in a `defer`
/// so the buffers outlive every use in the scope.
final class MisalignedBuffers {
    private var allocations: [UnsafeMutablePointer<Float>] = []

    /// A buffer holding `values`, 4 bytes past an aligned address, with a
    /// NaN guard element in front.
    func make(_ values: [Float]) -> UnsafeMutablePointer<Float> {
        let storage = UnsafeMutablePointer<Float>.allocate(capacity: values.count + 1)
        storage.initialize(to: .nan)
        (storage + 1).initialize(from: values, count: values.count)
        allocations.append(storage)
        return storage + 1
    }

    func deallocateAll() {
        allocations.forEach { $0.deallocate() }
        allocations = []
    }
}

/// The first `count` elements at `pointer`.
func read(_ pointer: UnsafeMutablePointer<Float>, count: Int) -> [Float] {
    Array(UnsafeBufferPointer(start: pointer, count: count))
}

/// Deterministic pseudo-random samples in [-1, 1) (a 64-bit LCG), so a
/// failure reproduces exactly.
func testSignal(count: Int, seed: UInt64) -> [Float] {
    var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Float(Int64(bitPattern: state >> 11) % (1 << 24)) / Float(1 << 24) * 2 - 1
    }
}

/// Asserts each `Float` result is within `ulps` units in the last place of
/// the Double reference's magnitude scale `scale[i]` (the largest term).
func assertClose(
    _ actual: [Float], _ expected: [Double], scale: [Double], ulps: Double = 4,
    _ label: String, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual.count, expected.count, label, file: file, line: line)
    for i in 0..<min(actual.count, expected.count) {
        let tolerance = ulps * Double(Float.ulpOfOne) * max(scale[i], Double(Float.leastNormalMagnitude))
        if (Double(actual[i]) - expected[i]).magnitude > tolerance {
            XCTFail("\(label): element \(i) is \(actual[i]), expected \(expected[i]) ± \(tolerance)", file: file, line: line)
            return
        }
    }
}
