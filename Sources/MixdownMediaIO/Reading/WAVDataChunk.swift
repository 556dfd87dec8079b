internal import MixdownSystem

/// Where a RIFF WAVE file's `data` chunk starts and how long its header says it
/// is: FFmpeg's WAV demuxer reads a chunk cut short as far as the file goes
/// (its duration from the file's size) and says nothing of the length the header
/// stated, which a user whose file lost its end needs to hear of.
struct WAVDataChunk: Equatable {
    /// Byte offset of the chunk's first sample.
    let offset: Int64
    /// The chunk's size as its header states it, in bytes.
    let statedSize: Int64

    /// The `data` chunk of the RIFF WAVE file at `path`, found by walking its
    /// chunk headers; nil for anything else (RF64, Wave64), or a file whose first
    /// 64 chunks hold none.
    init?(path: String) {
        guard let file = try? FileDescriptor.open(readingFrom: path) else { return nil }
        defer { try? file.close() }
        func bytes(_ count: Int, at offset: Int64) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            let got = buffer.withUnsafeMutableBytes { (try? file.read(into: $0.baseAddress!, count: count, at: offset)) ?? 0 }
            return got == count ? buffer : nil
        }
        func littleEndian(_ b: [UInt8], _ at: Int) -> Int64 {
            Int64(b[at]) | Int64(b[at + 1]) << 8 | Int64(b[at + 2]) << 16 | Int64(b[at + 3]) << 24
        }
        guard let riff = bytes(12, at: 0), riff[0..<4].elementsEqual("RIFF".utf8), riff[8..<12].elementsEqual("WAVE".utf8) else { return nil }
        var offset: Int64 = 12
        for _ in 0..<64 {
            guard let header = bytes(8, at: offset) else { return nil }
            let size = littleEndian(header, 4)
            if header[0..<4].elementsEqual("data".utf8) {
                self.offset = offset + 8
                statedSize = size
                return
            }
            // Chunks are padded to an even length.
            offset += 8 + size + (size & 1)
        }
        return nil
    }
}
