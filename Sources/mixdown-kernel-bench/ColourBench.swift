internal import Glibc
import MixdownZimg

/// `--colour`: milliseconds per 1080p frame of MixdownZimg's colour conversions
/// (HLG and PQ → SDR through BT.2390's tone curve, SDR → HLG and PQ, 8 → 10 bits), best and
/// median of `runs`, on a synthetic frame (a luma ramp under a chroma sweep)
/// in 64-byte aligned planes as `Picture` holds them.
func runColourBench(runs: Int) {
    let width = 1920, height = 1080
    struct Case { let name: String; let from: YCbCrFormat; let to: YCbCrFormat }
    let hlg10 = YCbCrFormat(bitDepth: 10, colour: .hlg), sdr8 = YCbCrFormat(bitDepth: 8, colour: .bt709)
    let cases = [
        Case(name: "HLG 10-bit -> SDR 8-bit (tone mapped)", from: hlg10, to: sdr8),
        Case(name: "PQ 10-bit -> SDR 8-bit (tone mapped)", from: YCbCrFormat(bitDepth: 10, colour: .pq), to: sdr8),
        Case(name: "SDR 8-bit -> HLG 10-bit", from: sdr8, to: hlg10),
        Case(name: "SDR 8-bit -> PQ 10-bit", from: sdr8, to: YCbCrFormat(bitDepth: 10, colour: .pq)),
        Case(name: "SDR 8-bit -> SDR 10-bit", from: sdr8, to: YCbCrFormat(bitDepth: 10, colour: .bt709)),
    ]
    print("colour conversion, ms per \(width)x\(height) frame (best / median of \(runs))")
    for bench in cases {
        let source = BenchPlanes(width: width, height: height, bitDepth: bench.from.bitDepth)
        let target = BenchPlanes(width: width, height: height, bitDepth: bench.to.bitDepth)
        source.fillSweep()
        let conversion: ColourConversion
        do {
            conversion = try ColourConversion(from: bench.from, to: bench.to, width: width, height: height)
        } catch {
            print("\(bench.name): \(error)")
            continue
        }
        var times: [Double] = []
        for _ in 0..<runs {
            let t0 = now()
            do {
                try conversion.convert(from: source.planes.readOnly, into: target.planes)
            } catch {
                print("\(bench.name): \(error)")
                break
            }
            times.append((now() - t0) * 1000)
        }
        times.sort()
        guard let best = times.first else { continue }
        print(pad(bench.name, 40) + lpad(fixed(best, 1), 10) + lpad(fixed(times[times.count / 2], 1), 10))
    }
}

/// Three aligned 4:2:0 planes for the colour bench.
final class BenchPlanes {
    let width: Int, height: Int, bytes: Int, lumaStride: Int, chromaStride: Int
    let storage: UnsafeMutableRawPointer

    init(width: Int, height: Int, bitDepth: Int) {
        self.width = width
        self.height = height
        bytes = bitDepth > 8 ? 2 : 1
        lumaStride = (width * bytes + 63) / 64 * 64
        chromaStride = (width / 2 * bytes + 63) / 64 * 64
        let total = lumaStride * height + 2 * chromaStride * height / 2
        storage = .allocate(byteCount: total, alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: total)
    }

    deinit { storage.deallocate() }

    var planes: MutableYCbCrPlanes {
        let cb = storage + lumaStride * height
        return MutableYCbCrPlanes(y: storage, yStride: lumaStride, cb: cb, cbStride: chromaStride,
                                  cr: cb + chromaStride * height / 2, crStride: chromaStride)
    }

    /// Video-range luma rising left to right, chroma sweeping around the neutral point.
    func fillSweep() {
        let scale = bytes == 2 ? 4 : 1
        func store(_ base: UnsafeMutableRawPointer, _ index: Int, _ value: Int) {
            if bytes == 2 { base.storeBytes(of: UInt16(value * scale), toByteOffset: 2 * index, as: UInt16.self) }
            else { base.storeBytes(of: UInt8(value), toByteOffset: index, as: UInt8.self) }
        }
        let p = planes
        for row in 0..<height {
            for x in 0..<width { store(p.y + row * lumaStride, x, 16 + 219 * x / width) }
        }
        for row in 0..<height / 2 {
            for x in 0..<width / 2 {
                store(p.cb + row * chromaStride, x, 128 + (x % 97) - 48)
                store(p.cr + row * chromaStride, x, 128 + (row % 89) - 44)
            }
        }
    }
}
