import Foundation

/// Ogg pages written by hand, for fixtures that encoders do not make.
enum OggPages {
    /// `file` (one logical stream) with its last page's end-of-stream flag moved
    /// to a page appended after it holding one empty packet, as some muxers end a
    /// stream: same serial number and granule position, next sequence number.
    static func appendingEmptyEndPage(to file: Data) -> Data {
        var bytes = [UInt8](file)
        var last = 0
        var at = 0
        while at + 27 <= bytes.count, bytes[at..<at + 4].elementsEqual("OggS".utf8) {
            last = at
            let segments = Int(bytes[at + 26])
            at += 27 + segments + bytes[at + 27..<at + 27 + segments].reduce(0) { $0 + Int($1) }
        }
        let end = at
        bytes[last + 5] &= ~0x04
        setChecksum(&bytes, page: last..<end)
        // Version, header type (end of stream), granule, serial number as on the last page.
        var page: [UInt8] = Array("OggS".utf8) + [0, 0x04] + bytes[last + 6..<last + 18]
        let sequence = bytes[last + 18..<last + 22].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) } + 1
        page += (0..<4).map { UInt8(truncatingIfNeeded: sequence >> (8 * $0)) }
        page += [0, 0, 0, 0, 1, 0]  // checksum, one segment of 0 bytes
        setChecksum(&page, page: 0..<page.count)
        return Data(bytes[..<end] + page)
    }

    /// Ogg's CRC-32 (polynomial 0x04C11DB7, not reflected, initial 0) over the
    /// page with its checksum field zeroed, stored little-endian.
    private static func setChecksum(_ bytes: inout [UInt8], page: Range<Int>) {
        for i in 22..<26 { bytes[page.lowerBound + i] = 0 }
        var crc: UInt32 = 0
        for byte in bytes[page] {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1 }
        }
        for i in 0..<4 { bytes[page.lowerBound + 22 + i] = UInt8(truncatingIfNeeded: crc >> (8 * i)) }
    }
}
