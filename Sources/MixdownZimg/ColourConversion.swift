/// A colour conversion between two Y'CbCr formats (4:2:0, or 4:4:4 on both sides) of one picture size,
/// built once and run on every frame: zimg's graphs and buffers are made here
/// and freed with the conversion.
///
/// What it does depends on the two dynamic ranges:
/// - SDR → HLG or PQ (BT.2408's display-light mapping): the SDR picture as a
///   BT.1886 display shows it (γ 2.4), its white placed at 203 cd/m², then
///   encoded for the HDR format (zimg, `nominal_peak_luminance` = 203). SDR's
///   100 % white becomes HLG 75 % (10-bit video code 721) or PQ 58 % (code 573).
/// - HLG or PQ → SDR: zimg decodes to linear display light in BT.2020 RGB (HLG
///   with BT.2100's OOTF for a 1000 cd/m² display), `ToneCurve` (BT.2390's EETF)
///   maps the largest of each pixel's R, G and B from the source's peak to
///   100 cd/m² and scales the three by the same ratio, then zimg converts the
///   primaries to the target's in linear light, clips what falls outside them
///   (negative components to 0, the transfer's floor; above 1 to the top code),
///   and applies the BT.709 transfer (BT.1886's inverse), matrix, range and depth.
///   The source's peak is its mastering display's maximum luminance for PQ,
///   1000 cd/m² when that is unknown and always for HLG.
/// - Everything else (same range: BT.601 ↔ BT.709, 8 ↔ 10 bits, HLG ↔ PQ) is
///   one zimg graph: matrix, transfer, primaries (in linear light), range, chroma
///   siting and depth, rounded to nearest without dither. Between depths of one
///   colour and range zimg only rescales the codes: in video range an 8-bit code
///   c becomes 4c at 10 bits and a 10-bit code the nearest 8-bit one, c / 4
///   with halves to even (so 8 → 10 → 8 is exact); in full range c · 1023 / 255
///   and back, rounded.
///
/// One thread at a time: its buffers are reused by every `convert` (a
/// conversion per worker when frames are converted in parallel). It is
/// `@unchecked Sendable`, as `Picture` is, because it is handed from one thread
/// to the next, never used by two at once; zimg's graphs are immutable and the
/// library keeps no global state, so nothing else is shared.
package final class ColourConversion: @unchecked Sendable {
    /// The format read.
    package let source: YCbCrFormat
    /// The format written.
    package let target: YCbCrFormat
    /// Luma samples per row.
    package let width: Int
    /// Luma rows.
    package let height: Int
    /// The tone curve applied between an HDR source and an SDR target; nil for other conversions.
    package let toneCurve: ToneCurve?

    /// The luminance SDR white is placed at in an HDR picture, cd/m² (BT.2408's reference white).
    package static let referenceWhite = 203.0
    /// The peak of an SDR display, cd/m²: the tone curve's target.
    package static let sdrPeak = 100.0
    /// The peak of HLG's nominal display, cd/m²: the source peak of an HLG picture.
    package static let hlgPeak = 1000.0

    private enum Stages {
        case direct(ZimgGraph)
        case toneMapped(toLinear: ZimgGraph, gain: ToneMapGain, fromLinear: ZimgGraph, rgb: LinearRGBPlanes)
    }

    private let stages: Stages

    /// A conversion from `source` to `target` for pictures of `width` × `height`.
    /// - Parameters:
    ///   - source: The format of the pictures read.
    ///   - target: The format of the pictures written.
    ///   - width: Luma samples per row; positive and even.
    ///   - height: Luma rows; positive and even.
    ///   - sourcePeakLuminance: A PQ source's mastering display maximum luminance
    ///     in cd/m², when its metadata says; nil means 1000. Ignored for HLG (1000)
    ///     and SDR sources.
    /// - Throws: `ColourConversionError` for a name, depth or size zimg does not
    ///   take, or a peak luminance that is not positive.
    package init(from source: YCbCrFormat, to target: YCbCrFormat, width: Int, height: Int,
                 sourcePeakLuminance: Double? = nil) throws(ColourConversionError) {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else { throw .badSize(width: width, height: height) }
        if let peak = sourcePeakLuminance, !(peak > 0 && peak.isFinite) { throw .badPeakLuminance(peak) }
        self.source = source
        self.target = target
        self.width = width
        self.height = height
        let sourceImage = ZimgImage(width: width, height: height, kind: .ycbcr(source))
        let targetImage = ZimgImage(width: width, height: height, kind: .ycbcr(target))
        let sourceRange = source.colour.dynamicRange
        guard sourceRange != .sdr, target.colour.dynamicRange == .sdr else {
            toneCurve = nil
            // zimg's table-driven transfers are exact enough into PQ (measured on a
            // colour chart: mean 0.002 / 0.005 10-bit codes from the exact ones, at most
            // 2 luma and 5 chroma) and ten times faster; into SDR's gamma they are not
            // (up to 29 codes in dark colours), and they would apply HLG's OOTF per channel.
            let approximate = target.colour.dynamicRange == .pq && sourceRange != .hlg
            stages = .direct(try ZimgGraph(from: sourceImage, to: targetImage, nominalPeakLuminance: Self.referenceWhite,
                                           approximateTransfers: approximate))
            return
        }
        let peak = sourceRange == .hlg ? Self.hlgPeak : sourcePeakLuminance ?? Self.hlgPeak
        let curve = ToneCurve(sourcePeak: peak, targetPeak: Self.sdrPeak)
        toneCurve = curve
        // Linear light in PQ's own unit (1.0 = 10 000 cd/m²) for both PQ and HLG,
        // out of the first graph; the gain turns it into SDR's (1.0 = the target's peak).
        // PQ is decoded by zimg's tables (the picture within 1 code of the exact
        // transfer, mean 0.0003), HLG exactly (its OOTF needs it); the second
        // graph's BT.709 transfer is exact (its table is coarse near black).
        let linear = ZimgImage(width: width, height: height, kind: .linearRGB(primaries: source.colour.primaries))
        let absoluteUnit = 10_000.0
        stages = .toneMapped(
            toLinear: try ZimgGraph(from: sourceImage, to: linear, nominalPeakLuminance: absoluteUnit,
                                    approximateTransfers: sourceRange != .hlg),
            gain: ToneMapGain(curve: curve, inputUnit: absoluteUnit, outputUnit: Self.sdrPeak),
            fromLinear: try ZimgGraph(from: linear, to: targetImage, nominalPeakLuminance: Self.sdrPeak,
                                      approximateTransfers: false),
            rgb: LinearRGBPlanes(width: width, height: height))
    }

    /// Converts one picture from `source` into `target`.
    ///
    /// Allocates nothing; the planes must hold `width` × `height` pictures in the
    /// conversion's formats, bases and strides multiples of 32 bytes.
    /// - Parameters:
    ///   - source: The picture read, in the conversion's source format.
    ///   - target: Where the converted picture is written, in its target format; must not overlap `source`.
    /// - Throws: `ColourConversionError.misaligned` for a plane zimg cannot read or
    ///   write; `.library` if zimg fails (it does not allocate while converting).
    package func convert(from source: YCbCrPlanes, into target: MutableYCbCrPlanes) throws(ColourConversionError) {
        try Self.checkAlignment(source, side: "source")
        try Self.checkAlignment(target.readOnly, side: "target")
        switch stages {
        case let .direct(graph):
            try graph.process(from: source, into: target)
        case let .toneMapped(toLinear, gain, fromLinear, rgb):
            try toLinear.process(from: source, into: rgb.planes)
            gain.apply(red: rgb.red, green: rgb.green, blue: rgb.blue, count: rgb.planeLength)
            try fromLinear.process(from: rgb.planes.readOnly, into: target)
        }
    }

    private static func checkAlignment(_ planes: YCbCrPlanes, side: String) throws(ColourConversionError) {
        let a = ZimgGraph.alignment
        if Int(bitPattern: planes.y) % a != 0 || planes.yStride % a != 0 { throw .misaligned(plane: "\(side) Y") }
        if Int(bitPattern: planes.cb) % a != 0 || planes.cbStride % a != 0 { throw .misaligned(plane: "\(side) Cb") }
        if Int(bitPattern: planes.cr) % a != 0 || planes.crStride % a != 0 { throw .misaligned(plane: "\(side) Cr") }
    }
}
