internal import MixdownFFmpeg
package import MixdownDSP
package import MixdownUnits

/// An input's audio as a render reads it, at the session rate (from the conform
/// cache's entry when there is one, else decoded), converted to a lower rate
/// for analysis: the speech detector hears what the mix plays, and the same
/// samples with the cache as without.
///
/// Read to its end while decoding, with a cache given, it stores the input's
/// entry as the frames pass, so that the conform pass after it finds the entry
/// instead of decoding the input again (one decode for both). Read from the
/// start only; one thread.
package final class DownsampledInput: AudioSampleSource {
    /// The input.
    package let path: String
    /// Output index of the next sample ``read(into:)`` returns.
    package private(set) var position: Int64 = 0

    private let source: any AudioSampleSource
    private let resampler: Resampler
    /// The entry being stored; nil when none is (read from one, no cache, or a write that failed).
    private var storing: ConformEntryStream?
    private let converted: AudioFIFO
    private var block = AudioBuffer(capacity: 8_192)
    /// Session-rate frames read from the source.
    private var consumed: Int64 = 0
    /// Output frames in all, once the source has ended: the source's length at the output rate (half up, as a decoder cuts it).
    private var end: Int64?

    /// Reads `path` at `rate`, through its audio at `sessionRate`; nil when the
    /// file's audio is not at `sessionRate` or has more than two channels, whose
    /// session-rate audio is itself converted (read those with a decoder at `rate`).
    ///
    /// - Throws: the decoder's errors (``AudioDecoder/init(path:sampleRate:streamIndex:)``).
    package init?(path: String, sessionRate: SampleRate, rate: SampleRate, cache: ConformCache?) throws(MediaIOError) {
        let format = try AudioDecoder.sourceFormat(of: path)
        guard format.sampleRate == sessionRate.hertz, format.channels <= 2 else { return nil }
        self.path = path
        if let entry = ConformedAudio.entry(for: path, sampleRate: sessionRate) ?? cache?.lookUp(path: path, sampleRate: sessionRate) {
            source = ConformedAudioReader(entry: entry)
        } else {
            // The entry's key takes the file's version before the decoder opens it, as the conform pass's does.
            storing = cache.flatMap { try? ConformEntryStream(cache: $0, path: path, sampleRate: sessionRate) }
            source = try AudioDecoder(path: path, sampleRate: sessionRate)
        }
        resampler = try ffmpeg(Resampler(stereoFrom: sessionRate.hertz, to: rate.hertz, path: path))
        guard let converted = AudioFIFO(capacity: 8_192) else { throw .decodeFailed(path: path, reason: "out of memory") }
        self.converted = converted
    }

    /// Only the start: the input is read through once.
    ///
    /// - Throws: `unsupported` for any other sample.
    package func seek(toSample index: Int64) throws(MediaIOError) {
        guard index == position else {
            throw .unsupported(path: path, reason: "its downsampled audio is read from the start, not from sample \(index)")
        }
    }

    package func read(into destination: MutableAudioSlice) throws(MediaIOError) -> Int {
        while end == nil, converted.count < destination.count { try pull() }
        let available = min(converted.count, destination.count, Int(min(Int64(Int.max), (end ?? .max) - position)))
        guard available > 0 else { return 0 }
        let got = converted.read(into: destination.slice(0..<available))
        position += Int64(got)
        return got
    }

    /// Stores the entry being written, reading the rest of the input into it
    /// first when the rest is short: at most a quarter of what was read (an item
    /// that stops short of its file's end, a clip's audio a few milliseconds
    /// longer than its picture). A longer rest is left to the conform pass, which
    /// decides whether to decode it (a range render, an excerpt of a long file).
    package func storeEntry() {
        guard let stream = storing else { return }
        storing = nil
        var rest = consumed / 4
        while rest > 0 {
            guard let got = try? source.read(into: block.mutableSlice(0..<Int(min(Int64(block.capacity), rest)))), got > 0 else { break }
            guard (try? stream.write(block.slice(0..<got))) != nil else { return }
            rest -= Int64(got)
        }
        // The end is the read that gives nothing, within the quarter or just after it.
        guard (try? source.read(into: block.mutableSlice(0..<1))) == 0 else { return }
        _ = try? stream.finish()
    }

    /// Converts the source's next block, or at its end the resampler's tail (and finishes the entry being stored).
    private func pull() throws(MediaIOError) {
        let got = try source.read(into: block.mutableSlice(0..<block.capacity))
        guard got > 0 else {
            resampler.flush(into: converted)
            end = resampler.outputCount(forInput: consumed)
            // An entry that cannot be stored is the conform pass's to try again, and to report.
            _ = try? storing?.finish()
            storing = nil
            return
        }
        let frames = block.slice(0..<got)
        resampler.convert(frames, into: converted)
        consumed += Int64(got)
        do {
            try storing?.write(frames)
        } catch {
            storing = nil
        }
    }
}
