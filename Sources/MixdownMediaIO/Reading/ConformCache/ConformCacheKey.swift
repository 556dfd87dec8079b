internal import MixdownFFmpeg
internal import MixdownSystem
internal import MixdownUnits

/// What decides an input's conformed samples: which version of which file, and
/// everything the decode depends on.
///
/// The file's identity is its device, inode, size and modification time (in
/// nanoseconds) and a SHA-256 of its first and last 64 KiB, so that a file
/// rewritten in place with the same size and its old time restored is still
/// another file. The decode depends on the session rate, the stream (the best
/// audio stream, which FFmpeg picks from the file's bytes), the libraries'
/// versions (the codec, its layout and the resampler are theirs) and how
/// Mixdown places and folds samples (``formatVersion``).
struct ConformCacheKey: Sendable, Equatable {
    /// The input, as the plan names it.
    let path: String
    /// The version of the file the key was made from.
    let snapshot: FileSnapshot
    let sampleRate: SampleRate
    /// Every fact above, one per line: stored in the entry's header and compared whole.
    let text: String
    /// Whether the key names audio made from the input's by processing
    /// (``init(_:processedBy:)``), not the input's own: registered under the entry's path.
    let isProcessed: Bool

    /// Bumped whenever a change in Mixdown (the decoder's placement, its
    /// fold-down, the entry's layout) changes what an entry holds.
    static let formatVersion = 1
    /// Bytes hashed at each end of the file.
    static let hashedEnd = 64 << 10

    /// The key of `path` as it is now, at `sampleRate`.
    ///
    /// - Throws: the system's error when the file cannot be read, or changed
    ///   while it was being hashed.
    init(path: String, sampleRate: SampleRate) throws(SystemError) {
        let before = try FileSnapshot(path: path)
        let file = try FileDescriptor.open(readingFrom: path)
        defer { try? file.close() }
        let hash = SHA256()
        let ends = before.size > Int64(2 * Self.hashedEnd)
            ? [0, before.size - Int64(Self.hashedEnd)] : [0]
        let bytes = UnsafeMutableRawBufferPointer.allocate(
            byteCount: ends.count == 1 ? Int(max(0, before.size)) : Self.hashedEnd, alignment: 8)
        defer { bytes.deallocate() }
        for start in ends {
            try file.readAll(into: bytes.baseAddress!, count: bytes.count, at: start)
            hash.update(UnsafeRawBufferPointer(bytes))
        }
        guard try FileSnapshot(path: path) == before else { throw .tryAgain }
        self.path = path
        snapshot = before
        self.sampleRate = sampleRate
        text = """
            mixdown conformed audio \(Self.formatVersion)
            \(FFmpegLibraries.decodingVersions)
            device \(before.device) inode \(before.inode) size \(before.size) modified \(before.modified)
            ends \(hash.finish())
            rate \(sampleRate.hertz) stream best channels 2 float32
            """
        isProcessed = false
    }

    /// The key of audio made from `source`'s samples by `processing`: a text
    /// that names every setting and input the result depends on (and its code's
    /// version), appended to the source's facts, so that a changed file or
    /// setting names another entry.
    init(_ source: ConformCacheKey, processedBy processing: String) {
        path = source.path
        snapshot = source.snapshot
        sampleRate = source.sampleRate
        text = source.text + "\n" + processing
        isProcessed = true
    }

    /// The first line of the processing in a key's `text` (its label), nil for an input's own audio.
    static func processing(ofKeyText text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > sourceLines ? String(lines[sourceLines]) : nil
    }

    /// The lines of an input's own key (``init(path:sampleRate:)``); a processed key's follow them.
    static let sourceLines = 5

    /// The entry's file name: a hash of ``text``, so that any change in it names another file.
    var entryName: String {
        let hash = SHA256()
        hash.update(text)
        return String(hash.finish().prefix(40)) + ConformEntry.suffix
    }
}
