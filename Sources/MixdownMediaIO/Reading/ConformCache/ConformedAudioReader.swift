public import MixdownDSP

/// Reads an input's conformed audio from its cache entry as a decoder would give
/// it: the same samples, any seek exact and free.
public final class ConformedAudioReader: AudioSampleSource {
    /// The entry read.
    public let entry: ConformEntry
    public private(set) var position: Int64 = 0

    /// A reader at the entry's first frame.
    public init(entry: ConformEntry) {
        self.entry = entry
    }

    public func seek(toSample index: Int64) throws(MediaIOError) {
        position = max(0, index)
    }

    public func read(into destination: MutableAudioSlice) throws(MediaIOError) -> Int {
        precondition(destination.channelCount == 2, "conformed audio read into \(destination.channelCount) channels")
        let got = try entry.read(into: destination, at: position)
        position += Int64(got)
        return got
    }
}
