import Foundation
import MixdownDSP
import MixdownDynamics
import MixdownTestSupport
import XCTest

let rate = 48_000

/// Two channels of a test signal, as separate arrays.
struct Stereo: Equatable {
    var left: [Float]
    var right: [Float]

    var count: Int { left.count }

    /// The same samples in both channels.
    init(mono: [Float]) {
        left = mono
        right = mono
    }

    init(left: [Float], right: [Float]) {
        precondition(left.count == right.count)
        self.left = left
        self.right = right
    }

    /// L, R, L, R…
    var interleaved: [Float] {
        var result = [Float](repeating: 0, count: 2 * count)
        for i in 0..<count {
            result[2 * i] = left[i]
            result[2 * i + 1] = right[i]
        }
        return result
    }

    init(interleaved: [Float]) {
        let channels = deinterleave(interleaved, channels: 2)
        self.init(left: channels[0], right: channels[1])
    }

    /// Bit patterns, so that comparisons tell -0 from 0 and see NaNs.
    var bits: [UInt32] { (left + right).map(\.bitPattern) }

    func scaled(by factor: Float) -> Stereo {
        Stereo(left: left.map { $0 * factor }, right: right.map { $0 * factor })
    }
}

/// A sine of `amplitude` (linear peak of the continuous wave) at `frequency` Hz,
/// `seconds` long, with raised-sine fades of `fade` seconds at both ends (an
/// abrupt start is a real transient whose reconstruction overshoots).
func sine(frequency: Double, amplitude: Double, phase: Double = 0.3, seconds: Double, fade: Double = 0.01) -> [Float] {
    let count = Int(seconds * Double(rate))
    let fadeCount = Int(fade * Double(rate))
    return (0..<count).map { n in
        var value = amplitude * sin(2 * Double.pi * frequency * Double(n) / Double(rate) + phase)
        let edge = min(n, count - 1 - n)
        if edge < fadeCount {
            let w = sin(Double.pi / 2 * Double(edge) / Double(fadeCount))
            value *= w * w
        }
        return Float(value)
    }
}

/// `10^(dB/20)`.
func linear(_ decibels: Double) -> Double { pow(10, decibels / 20) }

/// Uniform noise in [-1, 1), the same for the same seed (xorshift).
func noise(count: Int, seed: UInt64) -> [Float] {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    return (0..<count).map { _ in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Float(Double(state >> 11) / Double(1 << 53) * 2 - 1)
    }
}

/// Runs `signal` through `limiter` in blocks of `blocks` frames (cycling),
/// planar, interleaved or interleaved in place, then finishes; checks that as many frames came out as went in.
func limit(_ signal: Stereo, with limiter: TruePeakLimiter, blocks: [Int] = [4096], interleaved: Bool = false,
           inPlace: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> Stereo {
    var output: Stereo
    var written = 0
    if inPlace {
        // Interleaved, the output over the input.
        var samples = signal.interleaved
        samples.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            var done = 0, block = 0
            while done < signal.count {
                let n = min(blocks[block % blocks.count], signal.count - done)
                written += limiter.process(interleaved: base + 2 * done, frames: n, output: base + 2 * written)
                done += n
                block += 1
            }
            written += limiter.finish(interleaved: base + 2 * written)
        }
        output = Stereo(interleaved: samples)
    } else if interleaved {
        let input = signal.interleaved
        var out = [Float](repeating: .nan, count: input.count)
        input.withUnsafeBufferPointer { x in
            out.withUnsafeMutableBufferPointer { y in
                var done = 0, block = 0
                while done < signal.count {
                    let n = min(blocks[block % blocks.count], signal.count - done)
                    written += limiter.process(interleaved: x.baseAddress! + 2 * done, frames: n, output: y.baseAddress! + 2 * written)
                    done += n
                    block += 1
                }
                written += limiter.finish(interleaved: y.baseAddress! + 2 * written)
            }
        }
        output = Stereo(interleaved: out)
    } else {
        let input = AudioBuffer(copying: [signal.left, signal.right])
        let unwritten = [Float](repeating: .nan, count: signal.count)
        var out = AudioBuffer(copying: [unwritten, unwritten])
        let target = out.mutableSlice(0..<signal.count)
        var done = 0, block = 0
        while done < signal.count {
            let n = min(blocks[block % blocks.count], signal.count - done)
            written += limiter.process(input.slice(done..<done + n), into: target.slice(written...))
            done += n
            block += 1
        }
        written += limiter.finish(into: target.slice(written...))
        output = Stereo(left: Array(out.slice(0..<signal.count).left), right: Array(out.slice(0..<signal.count).right))
    }
    XCTAssertEqual(written, signal.count, "frames out", file: file, line: line)
    XCTAssertEqual(limiter.framesOut, Int64(signal.count), file: file, line: line)
    return output
}

/// The largest magnitude of the signal reconstructed on a 4× grid, by an
/// interpolator of our own: a Blackman-windowed sinc reaching 48 samples
/// either side, in Double, each phase normalised to unit gain at DC. Silence is
/// assumed before and after the signal. Independent of the limiter's detector.
func oversampledPeak(_ x: [Float]) -> Double {
    let reach = 48
    let phases: [[Double]] = (1...3).map { p in
        let offset = Double(p) / 4
        var taps = (-reach + 1...reach).map { k -> Double in
            let t = Double(k) - offset  // distance from the point at n + offset to sample n + k
            let sinc = sin(Double.pi * t) / (Double.pi * t)
            let u = (t + Double(reach)) / Double(2 * reach)  // 0…1 across the window
            let window = 0.42 - 0.5 * cos(2 * Double.pi * u) + 0.08 * cos(4 * Double.pi * u)
            return sinc * window
        }
        let sum = taps.reduce(0, +)
        taps = taps.map { $0 / sum }
        return taps
    }
    // Silence around the signal, so that the sums need no bounds checks.
    let padded = [Float](repeating: 0, count: 2 * reach) + x + [Float](repeating: 0, count: 2 * reach)
    var peak = Double(x.map(\.magnitude).max() ?? 0)
    padded.withUnsafeBufferPointer { p in
        for taps in phases {
            taps.withUnsafeBufferPointer { c in
                // The point a phase after sample n (of x) reads x[n − reach + 1 … n + reach].
                for n in -reach..<(x.count + reach - 1) {
                    let first = p.baseAddress! + (n + reach + 1)  // x[n − reach + 1]
                    var sum = 0.0
                    for j in 0..<(2 * reach) { sum += c[j] * Double(first[j]) }
                    peak = max(peak, sum.magnitude)
                }
            }
        }
    }
    return peak
}

/// ffmpeg's true peak of the signal (its `ebur128` filter with `peak=true`:
/// 4× at 48 kHz through libswresample), linear, the larger of the two channels.
/// ffmpeg prints it with three decimals.
func ffmpegTruePeak(_ signal: Stereo) throws -> Double {
    let folder = try TemporaryFolder()
    let path = folder.file("limited.f32")
    let samples = signal.interleaved
    try samples.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: URL(fileURLWithPath: path))
    let text = String(decoding: try Tool.run("ffmpeg", [
        "-v", "error", "-nostdin", "-f", "f32le", "-ar", "\(rate)", "-ac", "2", "-i", path,
        "-af", "ebur128=peak=true:metadata=1,ametadata=mode=print:file=-", "-f", "null", "-",
    ]), as: UTF8.self)
    let values = text.split(separator: "\n").compactMap { line -> Double? in
        guard line.hasPrefix("lavfi.r128.true_peaks_ch") else { return nil }
        return line.split(separator: "=").last.flatMap { Double($0) }
    }
    return try XCTUnwrap(values.max(), "ffmpeg printed no true peak: \(text.prefix(400))")
}

/// The gain the limiter applied at each sample of one channel, `output / input`,
/// where the input is not near zero (NaN elsewhere).
func appliedGain(input: [Float], output: [Float]) -> [Double] {
    zip(input, output).map { x, y in abs(x) > 1e-3 ? Double(y) / Double(x) : .nan }
}
