// mixdown-kernel-bench: memory bandwidth of the mixing kernels against memcpy.
//
// Issue 7's target: the gain-ramp-and-sum step of the mix runs within 80% of
// memcpy's bandwidth on the same machine, in the same run. That step is what
// the renderer runs for a track whose gain changes inside a block: the
// envelope writes the block's gains (`fillRamp`) and the track is added under
// them (`multiplyAccumulate(gains:)`). Every kernel is timed on the same
// buffers, and bandwidth counts the bytes each one must move (bytes read +
// bytes written):
//
//   memcpy (copyMemory)                  dst = src                 2 x 4 B / sample
//   ramp and sum (the renderer's)        gains = ramp(i);
//                                        dst += src * gains[i]     5 x 4 B / sample
//   DSP.multiplyAccumulate(gains:)       dst += src * gains[i]     4 x 4 B / sample
//
// Two sizes: a 4096-float block (the renderer's block, cache-resident) run
// over and over, and a streaming case of 64 MiB per buffer. Each figure is
// the best of several repetitions of at least `minSeconds` each, the
// kernels' repetitions interleaved.
//
// Usage: mixdown-kernel-bench [--quick] | --colour
// The last line is machine-readable: `kernel-bench-verdict PASS|FAIL <ratios>`.
// `--colour` times MixdownZimg's 1080p colour conversions instead (ColourBench.swift).

internal import Glibc
import MixdownDSP

let quick = CommandLine.arguments.contains("--quick")
let repetitions = quick ? 3 : 7
let minSeconds = quick ? 0.05 : 0.2
let target = 0.80

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

if CommandLine.arguments.contains("--colour") {
    runColourBench(runs: quick ? 5 : 21)
    exit(0)
}

/// Page-aligned, touched buffer of `count` floats.
func makeBuffer(_ count: Int, seed: Float) -> UnsafeMutablePointer<Float> {
    var raw: UnsafeMutableRawPointer?
    guard posix_memalign(&raw, 4096, count * MemoryLayout<Float>.stride) == 0, let raw else {
        fatalError("out of memory allocating \(count) floats")
    }
    let p = raw.bindMemory(to: Float.self, capacity: count)
    for i in 0..<count { p[i] = seed * Float(i % 97) / 97 }
    return p
}

struct Kernel {
    let name: String
    let short: String
    let bytesPerSample: Int
    let run: (_ dst: UnsafeMutablePointer<Float>, _ src: UnsafeMutablePointer<Float>,
              _ gains: UnsafeMutablePointer<Float>, _ count: Int) -> Void
}

let kernels: [Kernel] = [
    Kernel(name: "memcpy (copyMemory)", short: "memcpy", bytesPerSample: 8) { dst, src, _, n in
        UnsafeMutableRawPointer(dst).copyMemory(from: src, byteCount: n * MemoryLayout<Float>.stride)
    },
    Kernel(name: "ramp and sum (fillRamp + mulAcc)", short: "rampAndSum", bytesPerSample: 20) { dst, src, gains, n in
        DSP.fillRamp(gains, from: 0.25, step: 0.5 / Float(n), count: n)
        DSP.multiplyAccumulate(into: dst, src, gains: gains, count: n)
    },
    Kernel(name: "DSP.multiplyAccumulate(gains:)", short: "multiplyAccumulate", bytesPerSample: 16) { dst, src, gains, n in
        DSP.multiplyAccumulate(into: dst, src, gains: gains, count: n)
    },
]

/// How many calls of `kernel` on `count` floats take at least `minSeconds`.
func calibrate(_ kernel: Kernel, count: Int, dst: UnsafeMutablePointer<Float>, src: UnsafeMutablePointer<Float>,
               gains: UnsafeMutablePointer<Float>) -> Int {
    var calls = 1
    while true {
        let t0 = now()
        for _ in 0..<calls { kernel.run(dst, src, gains, count) }
        let elapsed = now() - t0
        if elapsed >= minSeconds / 4 || calls >= 1 << 30 {
            return max(1, Int(Double(calls) * minSeconds / max(elapsed, 1e-9)))
        }
        calls *= 4
    }
}

/// Bandwidth in GB/s (10^9 bytes) of one repetition: `calls` calls of `kernel`.
func measure(_ kernel: Kernel, calls: Int, count: Int, dst: UnsafeMutablePointer<Float>,
             src: UnsafeMutablePointer<Float>, gains: UnsafeMutablePointer<Float>) -> Double {
    // Keep dst bounded: the accumulating kernels add into it on every call.
    DSP.fill(dst, value: 0, count: count)
    let t0 = now()
    for _ in 0..<calls { kernel.run(dst, src, gains, count) }
    let elapsed = now() - t0
    return Double(calls * count * kernel.bytesPerSample) / elapsed / 1e9
}

struct Size { let label: String; let count: Int }
let sizes = [
    Size(label: "block 4096 floats", count: 4096),
    Size(label: "stream 64 MiB", count: 64 << 20 / MemoryLayout<Float>.stride),
]

var results: [[Double]] = []   // [size][kernel]
var checksum: Float = 0
for size in sizes {
    let dst = makeBuffer(size.count, seed: 0.5)
    let src = makeBuffer(size.count, seed: 0.25)
    let gains = makeBuffer(size.count, seed: 0.75)
    // Repetitions interleave the kernels, so that each sees the machine in the
    // same state (other processes, clock speed) as the others; best of each.
    let calls = kernels.map { calibrate($0, count: size.count, dst: dst, src: src, gains: gains) }
    var best = [Double](repeating: 0, count: kernels.count)
    for _ in 0..<repetitions {
        for k in kernels.indices {
            best[k] = max(best[k], measure(kernels[k], calls: calls[k], count: size.count, dst: dst, src: src, gains: gains))
        }
    }
    results.append(best)
    checksum += dst[size.count / 2]
    free(dst); free(src); free(gains)
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
func fixed(_ x: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((x * scale).rounded())
    let whole = String(scaled / Int(scale))
    guard digits > 0 else { return whole }
    let fraction = String(scaled % Int(scale))
    return whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}

print("kernel bandwidth, GB/s (bytes read + written, best of \(repetitions)); kernels: \(DSP.usesAVX512 ? "AVX-512" : "baseline x86-64") build")
print(pad("", 34) + sizes.map { lpad($0.label, 20) }.joined())
for (k, kernel) in kernels.enumerated() {
    print(pad(kernel.name, 34) + sizes.indices.map { lpad(fixed(results[$0][k], 1), 20) }.joined())
}
var pass = true
var ratios: [String] = []
for k in kernels.indices.dropFirst() {
    let row = sizes.indices.map { results[$0][k] / results[$0][0] }
    let ok = row.allSatisfy { $0 >= target }
    pass = pass && ok
    ratios += zip(sizes, row).map { "\(kernels[k].short)@\($0.0.count)=\(fixed($0.1, 2))" }
    print(pad("  \(kernels[k].short) / memcpy", 34) + row.map { lpad(fixed($0, 2) + "x", 20) }.joined()
          + "   target >= \(fixed(target, 2)): " + (ok ? "PASS" : "FAIL"))
}
if checksum.isNaN { print("(checksum NaN)") }
print("kernel-bench-verdict \(pass ? "PASS" : "FAIL") \(ratios.joined(separator: " "))")
