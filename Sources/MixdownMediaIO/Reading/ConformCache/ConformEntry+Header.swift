internal import MixdownSystem

extension ConformEntry {
    /// An entry file's header, as written and read: of audio (two channels,
    /// `frameCount` frames), or of a note (no channels, `frameCount` bytes).
    struct Header {
        var channels: UInt32 = 2
        var sampleRate: Int32
        var frameCount: Int64
        var key: String
        var sourcePath: String

        /// Bytes before the first frame: the fixed fields, the key and the path,
        /// rounded up to 64 bytes.
        var size: Int64 {
            Int64((ConformEntry.fixedHeaderSize + key.utf8.count + sourcePath.utf8.count + 63) / 64 * 64)
        }

        init(channels: UInt32 = 2, sampleRate: Int32, frameCount: Int64, key: String, sourcePath: String) {
            self.channels = channels
            self.sampleRate = sampleRate
            self.frameCount = frameCount
            self.key = key
            self.sourcePath = sourcePath
        }

        /// The header at the start of `file`; nil when it is not one this code wrote.
        init?(reading file: FileDescriptor) {
            var fixed = [UInt8](repeating: 0, count: ConformEntry.fixedHeaderSize)
            guard Self.read(&fixed, from: file, at: 0), Array(fixed[0..<8]) == ConformEntry.magic,
                  Self.integer(fixed, at: 8) == ConformEntry.layoutVersion,
                  Self.integer(fixed, at: 12) == UInt32(ConformEntry.chunkFrames),
                  [0, 2].contains(Self.integer(fixed, at: 16)) else { return nil }
            channels = Self.integer(fixed, at: 16)
            let rate = Self.integer(fixed, at: 20)
            let frames = Int64(Self.integer(fixed, at: 24)) | Int64(Self.integer(fixed, at: 28)) << 32
            let keyLength = Int(Self.integer(fixed, at: 32)), pathLength = Int(Self.integer(fixed, at: 36))
            guard frames >= 0, rate > 0, rate <= Int32.max, keyLength < 1 << 16, pathLength < 1 << 16 else { return nil }
            var text = [UInt8](repeating: 0, count: keyLength + pathLength)
            guard Self.read(&text, from: file, at: Int64(ConformEntry.fixedHeaderSize)) else { return nil }
            sampleRate = Int32(rate)
            frameCount = frames
            key = String(decoding: text[0..<keyLength], as: UTF8.self)
            sourcePath = String(decoding: text[keyLength...], as: UTF8.self)
        }

        /// The header's bytes, padded to ``size``.
        var bytes: [UInt8] {
            var bytes = ConformEntry.magic
            for value in [ConformEntry.layoutVersion, UInt32(ConformEntry.chunkFrames), channels, UInt32(sampleRate),
                          UInt32(truncatingIfNeeded: frameCount), UInt32(truncatingIfNeeded: frameCount >> 32),
                          UInt32(key.utf8.count), UInt32(sourcePath.utf8.count)] {
                withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
            }
            bytes.append(contentsOf: key.utf8)
            bytes.append(contentsOf: sourcePath.utf8)
            bytes.append(contentsOf: [UInt8](repeating: 0, count: Int(size) - bytes.count))
            return bytes
        }

        private static func integer(_ bytes: [UInt8], at offset: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
        }

        private static func read(_ bytes: inout [UInt8], from file: FileDescriptor, at offset: Int64) -> Bool {
            let count = bytes.count
            return bytes.withUnsafeMutableBytes { buffer in
                (try? file.readAll(into: buffer.baseAddress!, count: count, at: offset)) != nil
            }
        }
    }
}
