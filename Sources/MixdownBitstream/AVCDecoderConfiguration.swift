/// An H.264 decoder configuration record (`avcC`), as MP4 and MOV store a
/// stream's parameter sets.
package enum AVCDecoderConfiguration {
    /// `record` with `sets` (SPS and PPS NAL units of other ids) added after its
    /// own, its profile, level and length size kept: one sample description for
    /// copied packets that use the record's sets and re-encoded ones that use the
    /// added sets. Nil when `record` is not an avcC.
    package static func merging(_ record: [UInt8], with sets: [NALUnit]) -> [UInt8]? {
        guard record.count >= 7, record[0] == 1 else { return nil }
        var offset = 6
        func readSets(count: Int) -> [[UInt8]]? {
            var units: [[UInt8]] = []
            for _ in 0..<count {
                guard offset + 2 <= record.count else { return nil }
                let length = Int(record[offset]) << 8 | Int(record[offset + 1])
                guard offset + 2 + length <= record.count else { return nil }
                units.append(Array(record[(offset + 2)..<(offset + 2 + length)]))
                offset += 2 + length
            }
            return units
        }
        guard let sps = readSets(count: Int(record[5] & 0x1F)), offset < record.count else { return nil }
        let ppsCount = Int(record[offset])
        offset += 1
        guard let pps = readSets(count: ppsCount) else { return nil }
        let trailer = Array(record[offset...])
        let allSPS = sps + sets.filter { $0.h264Type == 7 }.map(\.bytes)
        let allPPS = pps + sets.filter { $0.h264Type == 8 }.map(\.bytes)
        guard allSPS.count < 32, allPPS.count < 256 else { return nil }
        var merged = Array(record[0..<5])
        merged.append(0xE0 | UInt8(allSPS.count))
        for unit in allSPS { merged += [UInt8(unit.count >> 8), UInt8(unit.count & 0xFF)] + unit }
        merged.append(UInt8(allPPS.count))
        for unit in allPPS { merged += [UInt8(unit.count >> 8), UInt8(unit.count & 0xFF)] + unit }
        return merged + trailer
    }

    /// The NAL length prefix size of the record's packets, 1 to 4 bytes.
    package static func lengthSize(of record: [UInt8]) -> Int? {
        record.count > 4 && record[0] == 1 ? Int(record[4] & 3) + 1 : nil
    }
}
