/// One NAL unit of an H.264 or HEVC stream: its bytes without a start code or a
/// length prefix (the header byte or bytes first, emulation prevention kept).
///
/// libx264 and libx265 through libavcodec put out Annex B (start codes) even
/// with a global header: `units(inAnnexB:)` splits such bytes, and
/// `lengthPrefixed(_:lengthSize:)` joins units the way an MP4 sample holds them
/// (the `avcC`/`hvcC` length size, 4 bytes as a rule).
public struct NALUnit: Hashable, Sendable {
    /// The unit's bytes.
    public var bytes: [UInt8]

    /// A unit of `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The unit's type as H.264 numbers it (`nal_unit_type`: 5 an IDR slice, 6 SEI,
    /// 7 SPS, 8 PPS); -1 for an empty unit.
    public var h264Type: Int { bytes.first.map { Int($0 & 0x1F) } ?? -1 }

    /// The unit's type as HEVC numbers it (19 and 20 IDR slices, 21 CRA, 32 VPS,
    /// 33 SPS, 34 PPS, 39 SEI); -1 for an empty unit.
    public var hevcType: Int { bytes.first.map(Self.hevcType(ofHeaderByte:)) ?? -1 }

    /// The HEVC type a unit whose first header byte is `byte` has.
    public static func hevcType(ofHeaderByte byte: UInt8) -> Int { Int(byte >> 1 & 0x3F) }

    /// The units of an Annex B byte stream, in order: split at every 3- or 4-byte
    /// start code, trailing zero bytes dropped; bytes before the first start code
    /// are ignored.
    public static func units(inAnnexB stream: [UInt8]) -> [NALUnit] {
        var units: [NALUnit] = []
        var start: Int?
        var i = 0
        while i + 2 < stream.count {
            if stream[i] == 0, stream[i + 1] == 0, stream[i + 2] == 1 {
                if let start { units.append(NALUnit(bytes: trimmed(stream[start..<i]))) }
                i += 3
                start = i
            } else {
                i += 1
            }
        }
        if let start, start <= stream.count { units.append(NALUnit(bytes: trimmed(stream[start...]))) }
        return units.filter { !$0.bytes.isEmpty }
    }

    /// The units of an MP4 sample, in order: each after its big-endian length
    /// in `size` bytes. A unit whose first header byte `keepsBody` refuses is
    /// cut to its header (two bytes: its type and layer are all such a caller
    /// reads), so that a keyframe's slice data is not copied; a length that
    /// overruns the sample ends the list.
    public static func units(lengthPrefixed bytes: [UInt8], size: Int,
                             keepingBodyWhere keepsBody: (UInt8) -> Bool = { _ in true }) -> [NALUnit] {
        var units: [NALUnit] = []
        var offset = 0
        while offset + size <= bytes.count {
            let length = bytes[offset..<offset + size].reduce(0) { $0 << 8 | Int($1) }
            offset += size
            guard length > 0, offset + length <= bytes.count else { break }
            let end = keepsBody(bytes[offset]) ? offset + length : min(offset + 2, offset + length)
            units.append(NALUnit(bytes: Array(bytes[offset..<end])))
            offset += length
        }
        return units
    }

    /// `units` as Annex B: each after a 4-byte start code.
    public static func annexB(_ units: [NALUnit]) -> [UInt8] {
        units.flatMap { [0, 0, 0, 1] + $0.bytes }
    }

    /// `units` as an MP4 sample holds them: each after its length, big-endian in
    /// `lengthSize` bytes (1, 2 or 4).
    ///
    /// - Precondition: every unit fits the length size.
    public static func lengthPrefixed(_ units: [NALUnit], lengthSize: Int = 4) -> [UInt8] {
        precondition([1, 2, 4].contains(lengthSize), "NAL length size \(lengthSize)")
        var bytes: [UInt8] = []
        for unit in units {
            precondition(lengthSize == 4 || unit.bytes.count < 1 << (8 * lengthSize), "NAL unit too long for its length size")
            for shift in stride(from: 8 * (lengthSize - 1), through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: unit.bytes.count >> shift)) }
            bytes += unit.bytes
        }
        return bytes
    }

    /// The parameter sets of an MP4 decoder configuration record, in order, and
    /// the length size its samples use: an `avcC` (H.264: SPS, then PPS) or an
    /// `hvcC` (HEVC: its arrays, VPS, SPS, PPS and any SEI), by FFmpeg's codec
    /// name (`h264`, `hevc`); nil for bytes that are neither (as
    /// `VideoStreamFormat.decoderConfiguration` holds them) and for other codecs.
    package static func parameterSets(inDecoderConfiguration record: [UInt8],
                                      codecName: String) -> (lengthSize: Int, units: [NALUnit])? {
        switch codecName {
        case "h264":
            // version, profile, compatibility, level, 6 bits + length size - 1, 3 bits + SPS count.
            guard record.count >= 7, record[0] == 1 else { return nil }
            var reader = RecordReader(bytes: record, offset: 5)
            guard let sps = reader.count(bits: 5), let spsUnits = reader.units(sps), let pps = reader.count(bits: 8),
                  let ppsUnits = reader.units(pps) else { return nil }
            return (Int(record[4] & 3) + 1, spsUnits + ppsUnits)
        case "hevc":
            guard let configuration = try? HEVCDecoderConfiguration(record: record) else { return nil }
            return (configuration.lengthSize, configuration.units)
        default:
            return nil
        }
    }

    /// A unit's bytes without the zeros that belong to the next start code.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] == 0 { end -= 1 }
        return Array(bytes[bytes.startIndex..<end])
    }
}

/// Reads the counts and length-prefixed units of an `avcC` record.
private struct RecordReader {
    let bytes: [UInt8]
    var offset = 0

    /// The next byte's low `bits` bits.
    mutating func count(bits: Int) -> Int? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return Int(bytes[offset]) & (1 << bits - 1)
    }

    /// The next two bytes, big-endian.
    mutating func sixteen() -> Int? {
        guard offset + 2 <= bytes.count else { return nil }
        defer { offset += 2 }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    /// `count` units, each after its 16-bit length.
    mutating func units(_ count: Int) -> [NALUnit]? {
        var units: [NALUnit] = []
        for _ in 0..<count {
            guard let length = sixteen(), offset + length <= bytes.count else { return nil }
            units.append(NALUnit(bytes: Array(bytes[offset..<offset + length])))
            offset += length
        }
        return units
    }
}
