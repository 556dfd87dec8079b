internal import MixdownDSP
internal import MixdownSystem
internal import MixdownUnits

/// One input's conformed audio in the cache, open for reading: the samples an
/// ``AudioDecoder`` at the session rate gives from the start to the end, stereo
/// float, as they were written once.
///
/// The file is a header then the frames. The header: the magic `MXCONFRM`, the
/// layout's version, the frames per chunk, the channel count, the rate, the
/// frame count, then the key's text (`ConformCacheKey`) and the source's path.
/// The frames follow in chunks of `chunkFrames` (16384) (the last one shorter), each
/// chunk its left channel then its right, so a read at any frame is a `pread`
/// or two per channel. An entry is only opened when its header matches the key
/// whole and its size is exactly the header's and the frames'.
///
/// Reads go through `pread` on one descriptor, from any number of readers and
/// threads; the descriptor stays open while the entry lives, so an entry
/// evicted or replaced on disk meanwhile is still read whole.
public final class ConformEntry: Sendable {
    /// The entry file's name ends so.
    static let suffix = ".conform"
    /// The name of an entry being written starts so (then `name.pid.random`).
    static let partialPrefix = ".partial."
    static let magic: [UInt8] = Array("MXCONFRM".utf8)
    /// The layout this code writes and reads.
    static let layoutVersion: UInt32 = 1
    /// Frames per chunk: the renderer's block.
    package static let chunkFrames = 16_384
    static let fixedHeaderSize = 40

    /// The source file, as the render that wrote the entry named it.
    public let sourcePath: String
    /// The rate the frames are at.
    public let sampleRate: Int32
    /// Stereo frames held.
    public let frameCount: Int64
    /// The entry file.
    public let entryPath: String
    let headerSize: Int64
    private let file: FileDescriptor

    private init(file: FileDescriptor, entryPath: String, header: Header) {
        self.file = file
        self.entryPath = entryPath
        sourcePath = header.sourcePath
        sampleRate = header.sampleRate
        frameCount = header.frameCount
        headerSize = header.size
    }

    deinit {
        try? file.close()
    }

    /// Opens the entry at `entryPath` if it holds `key`'s samples: nil when it is
    /// missing, unreadable, for another key, or not whole.
    static func open(_ entryPath: String, key: ConformCacheKey) -> ConformEntry? {
        guard let file = try? FileDescriptor.open(readingFrom: entryPath) else { return nil }
        guard let header = Header(reading: file), header.channels == 2, header.key == key.text, header.sampleRate == key.sampleRate.hertz,
              (try? file.size()) == header.size + header.frameCount * 8 else {
            try? file.close()
            return nil
        }
        return ConformEntry(file: file, entryPath: entryPath, header: header)
    }

    /// Marks the entry used now (its modification time), for the eviction of the least recently used.
    func touch() { try? file.touch() }

    /// Reads `destination.count` frames (stereo) from frame `frame`, up to the
    /// entry's end; returns how many.
    func read(into destination: MutableAudioSlice, at frame: Int64) throws(MediaIOError) -> Int {
        let count = Int(max(0, min(Int64(destination.count), frameCount - frame)))
        var done = 0
        while done < count {
            let position = frame + Int64(done)
            let chunk = position / Int64(Self.chunkFrames)
            let chunkStart = chunk * Int64(Self.chunkFrames)
            let chunkLength = min(Int64(Self.chunkFrames), frameCount - chunkStart)
            let within = position - chunkStart
            let run = Int(min(Int64(count - done), chunkLength - within))
            for channel in 0..<2 {
                let offset = headerSize + (chunkStart * 2 + Int64(channel) * chunkLength + within) * 4
                try readFully(into: UnsafeMutableRawPointer(destination.channel(channel).baseAddress! + done),
                              count: run * 4, at: offset)
            }
            done += run
        }
        return count
    }

    private func readFully(into bytes: UnsafeMutableRawPointer, count: Int, at offset: Int64) throws(MediaIOError) {
        do {
            try file.readAll(into: bytes, count: count, at: offset)
        } catch {
            throw .decodeFailed(path: sourcePath, reason: "its conformed audio \(MessageText.shown(entryPath)) cannot be read: \(error.message)")
        }
    }
}
