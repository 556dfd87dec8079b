public import MixdownDSP
internal import MixdownSystem

/// A temporary file of stereo float frames that no other process can see and
/// nothing can leave behind: it has no name, so the system removes it when the
/// owner is released, and when the process ends, however it ends.
///
/// A delivery render records the mix in one (its first pass), so that the
/// renders after it read the mix rather than decode and mix every input again;
/// memory stays flat, whatever the timeline's length. The frames are stored
/// as they are, 8 bytes a frame (77 MB for 200 s at 48 kHz): left channel
/// first, then right, each frame at its timeline index. Frames may be written
/// and read in any order, by several threads at once (`pwrite` and `pread`
/// at absolute offsets); a frame is read as silence, or with an error, until
/// it is written.
public final class ScratchAudioFile: Sendable {
    /// Frames the file holds.
    public let frameCount: Int64
    /// The folder it lives in, for messages.
    public let folder: String
    private let file: FileDescriptor

    /// Creates an empty scratch file for `frameCount` frames in `folder`.
    ///
    /// - Throws: `cannotCreateOutput` naming the folder, with the system's reason.
    public init(frameCount: Int64, folder: String) throws(MediaIOError) {
        precondition(frameCount >= 0, "a scratch file of \(frameCount) frames")
        self.frameCount = frameCount
        self.folder = folder
        do {
            file = try FileDescriptor.createUnnamed(in: folder)
        } catch {
            throw .cannotCreateOutput(path: folder, reason: "cannot create a temporary file for the mix: \(error.message)")
        }
    }

    deinit {
        try? file.close()
    }

    /// Writes `audio` (stereo) as frames `frame ..< frame + audio.count`.
    ///
    /// - Throws: `writeFailed` naming the folder (a full disk, say).
    public func write(_ audio: AudioSlice, at frame: Int64) throws(MediaIOError) {
        precondition(audio.channelCount == 2, "a stereo scratch file written \(audio.channelCount) channels")
        let count = audio.count
        try transfer(count: count, at: frame) { channel, bytes, offset throws(SystemError) in
            try file.write(audio.channel(channel).baseAddress! + bytes / 4, count: count * 4 - bytes, at: offset)
        }
    }

    /// Reads frames `frame ..< frame + destination.count` into `destination` (stereo).
    ///
    /// - Throws: `writeFailed` naming the folder when the system refuses, or the
    ///   frames lie past the last one written.
    public func read(into destination: MutableAudioSlice, at frame: Int64) throws(MediaIOError) {
        precondition(destination.channelCount == 2, "a stereo scratch file read into \(destination.channelCount) channels")
        let count = destination.count
        try transfer(count: count, at: frame) { channel, bytes, offset throws(SystemError) in
            let done = try file.read(into: destination.channel(channel).baseAddress! + bytes / 4, count: count * 4 - bytes, at: offset)
            // 0 before the end: the frames were never written.
            guard done > 0 else { throw SystemError(code: 0) }
            return done
        }
    }

    /// Moves `count` frames of each channel at `frame` with `move(channel, bytes done, file offset)`,
    /// which returns the bytes it moved, until all are moved.
    private func transfer(count: Int, at frame: Int64,
                          _ move: (Int, Int, Int64) throws(SystemError) -> Int) throws(MediaIOError) {
        precondition(count >= 0 && frame >= 0 && frame + Int64(count) <= frameCount,
                     "frames \(frame) ..< \(frame + Int64(count)) of a scratch file of \(frameCount)")
        for channel in 0..<2 {
            let start = (Int64(channel) * frameCount + frame) * 4
            var bytes = 0
            while bytes < count * 4 {
                do {
                    bytes += try move(channel, bytes, start + Int64(bytes))
                } catch where error == .interrupted {
                    continue
                } catch {
                    throw .writeFailed(path: folder, reason: error.code == 0 ? "the temporary mix ends early"
                                       : "the temporary file of the mix: \(error.message)")
                }
            }
        }
    }
}
