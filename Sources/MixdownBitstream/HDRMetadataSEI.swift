/// The HDR static metadata an H.264 or HEVC stream carries in SEI messages: the
/// mastering display colour volume (payload type 137, SMPTE ST 2086) and the
/// content light level (144, CTA-861.3), as coded.
///
/// Encoders such as x265 write them only there (in the first access unit's
/// prefix SEI), not in the container, so a probe that does not decode reads
/// them from the first packet and from the SEI array of an `hvcC` record.
package struct HDRMetadataSEI {
    /// The mastering display as coded: primaries in HEVC's order (green, blue,
    /// red) and the white point in units of 0.00002, luminance in 0.0001 cd/m².
    package struct MasteringDisplay {
        /// x and y of green, blue and red, in that order.
        package var primaries: [(x: Int, y: Int)]
        /// x and y of the white point.
        package var whitePoint: (x: Int, y: Int)
        /// The brightest luminance, in 0.0001 cd/m².
        package var maxLuminance: Int
        /// The darkest luminance, in 0.0001 cd/m².
        package var minLuminance: Int
    }

    /// The mastering display, when an SEI states it.
    package var masteringDisplay: MasteringDisplay?
    /// MaxCLL and MaxFALL in cd/m², when an SEI states them.
    package var contentLightLevel: (maxCLL: Int, maxFALL: Int)?

    /// The metadata in the SEI units of a decoder configuration record (`hvcC`'s
    /// SEI array) and of one packet (length-prefixed as the record says, or
    /// Annex B without a record), for `codec` (`h264`, `hevc`); empty for other codecs.
    package init(codec: String, decoderConfiguration record: [UInt8], packet: [UInt8]) {
        guard codec == "h264" || codec == "hevc" else { return }
        let configured = NALUnit.parameterSets(inDecoderConfiguration: record, codecName: codec)
        let isSEI: (UInt8) -> Bool = codec == "h264" ? { $0 & 0x1F == 6 } : { NALUnit.hevcType(ofHeaderByte: $0) == 39 }
        let units = (configured?.units ?? [])
            + (configured.map { NALUnit.units(lengthPrefixed: packet, size: $0.lengthSize, keepingBodyWhere: isSEI) } ?? NALUnit.units(inAnnexB: packet))
        for unit in units {
            guard let header = unit.bytes.first, isSEI(header) else { continue }
            read(EmulationPrevention.rbsp(unit.bytes.dropFirst(codec == "h264" ? 1 : 2)))
        }
    }

    /// Reads the messages of one SEI unit's payload (emulation prevention
    /// removed), those before a truncated one included.
    private mutating func read(_ rbsp: [UInt8]) {
        var messages: [SEIMessage] = []
        _ = SEIMessage.messages(in: rbsp, upTo: &messages)
        for message in messages {
            let body = Array(message.payload)
            func big(_ at: Int, _ count: Int) -> Int { body[at..<at + count].reduce(0) { $0 << 8 | Int($1) } }
            switch message.type {
            case 137 where body.count >= 24:
                masteringDisplay = MasteringDisplay(
                    primaries: (0..<3).map { (x: big(4 * $0, 2), y: big(4 * $0 + 2, 2)) },
                    whitePoint: (x: big(12, 2), y: big(14, 2)),
                    maxLuminance: big(16, 4), minLuminance: big(20, 4))
            case 144 where body.count >= 4:
                contentLightLevel = (maxCLL: big(0, 2), maxFALL: big(2, 2))
            default:
                break
            }
        }
    }
}
