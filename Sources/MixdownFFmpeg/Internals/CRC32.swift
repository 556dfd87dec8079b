internal import CFFmpeg

/// The CRC-32 of `bytes` as PNG and zlib compute it (ISO 3309, reflected,
/// initial and final value all ones), by libavutil.
package func crc32(_ bytes: [UInt8]) -> UInt32 {
    guard let table = av_crc_get_table(AV_CRC_32_IEEE_LE) else { return 0 }
    return bytes.withUnsafeBufferPointer { buffer in
        av_crc(table, 0xFFFF_FFFF, buffer.baseAddress, buffer.count) ^ 0xFFFF_FFFF
    }
}
