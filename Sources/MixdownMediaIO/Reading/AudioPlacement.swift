internal import MixdownTime

/// Where decoded audio frames land on a decoder's axis: the one rule that
/// `AudioDecoder` plays by and `MediaProbe` counts by, so an item's length is
/// exactly what its decode delivers.
///
/// The axis counts samples at the stream's own rate from the origin, the
/// container's start (or 0 when that is negative: a negative start is Opus
/// pre-skip, which the decoder removes itself). The first frame lands at its
/// timestamp: silence before it keeps the audio in sync with the container's
/// other streams, and samples before 0 are priming the container did not flag.
/// Later frames land where `Timing` says:
///
/// - `.stamped`: at their own timestamps, where timestamps count samples
///   exactly (a container that derives them from sample counts, or an MP4
///   whose sample table steps by each packet's length). A packet the decoder
///   rejects leaves a silent gap of its length; an overlap loses the later
///   frame's head. A seek then lands where a decode from the start would.
/// - `.counted`: one after another, as ffmpeg and players play them, where
///   timestamps are rounded (Matroska's milliseconds) or disagree with the
///   samples (Ogg Vorbis, phones' first AAC frame, fragmented MP4): a timestamp
///   placed no sample exactly there. A seek decodes from the start.
///
/// The end: where the last frame ends, after the decoder's own trimming (end
/// padding flagged by the container), as FFmpeg's CLI presents it: an MP4's last
/// AAC frame plays whole, past a shorter edit list or iTunSMPB length.
struct AudioPlacement {
    /// How frames after the first are placed.
    enum Timing: Equatable {
        /// At their timestamps (which count samples exactly).
        case stamped
        /// Right after the frame before.
        case counted
    }

    /// Where a frame's kept samples go.
    struct Landing: Equatable {
        /// Axis index of the first kept sample.
        var start: Int64
        /// Samples dropped from the frame's head (before 0, or overlapping the frame before).
        var skip: Int
        /// Samples kept.
        var count: Int
        /// Silent samples between the audio before and `start` (a gap in the timestamps).
        var gap: Int64
    }

    let timing: Timing
    /// Stream ticks of axis sample 0.
    let origin: Int64
    let timeBase: TimeBase
    /// The stream's sample rate, in Hz.
    let rate: Int32
    /// Axis index just past the audio placed so far; nil before the first frame.
    private(set) var end: Int64?
    /// Axis index of the first sample placed; nil before the first frame.
    private(set) var first: Int64?
    /// Whether a frame came at another rate than the stream's: from then on
    /// timestamps (counted at the first rate by FLAC's parser) place nothing.
    private(set) var rateChanged = false
    /// The run of frames at another rate: its rate, where it started on the axis,
    /// and its samples so far (at its rate), so the axis length stays exact.
    private var run: (rate: Int32, start: Int64, samples: Int64)?

    init(timing: Timing, origin: Int64, timeBase: TimeBase, rate: Int32) {
        self.timing = timing
        self.origin = origin
        self.timeBase = timeBase
        self.rate = rate
    }

    /// Axis index of `ticks` (the stream's), by `TimeBase`'s rule (half up).
    func axisIndex(ticks: Int64) -> Int64 {
        timeBase.sampleIndex(ticks: ticks - origin, sampleRate: rate)
    }

    /// Moves the axis on by `samples` that were counted from their packets, not
    /// decoded (a seek in a `.counted` stream): the next frame lands after
    /// them, where it lands after their frames in a decode from the start.
    mutating func skip(_ samples: Int64) {
        guard samples > 0, let last = end else { return }
        end = last + samples
    }

    /// Places a frame of `count` samples stamped `timestamp` (the stream's ticks),
    /// decoded at `frameRate` Hz (nil: the stream's rate).
    ///
    /// A frame at another rate (a FLAC stream whose rate changes mid-way) goes
    /// right after the audio before, as FFmpeg's CLI plays it (resampled to the
    /// first rate), its `count` input samples spanning their length at the
    /// stream's rate; so do all frames after it.
    mutating func place(timestamp: Int64?, count: Int, frameRate: Int32? = nil) -> Landing {
        if let frameRate, frameRate > 0, frameRate != rate {
            rateChanged = true
            let start = end ?? timestamp.map(axisIndex).map { max(0, $0) } ?? 0
            if run?.rate != frameRate { run = (frameRate, start, 0) }
            run!.samples += Int64(count)
            if first == nil { first = start }
            end = run!.start + (run!.samples * Int64(rate) + Int64(frameRate) / 2) / Int64(frameRate)
            return Landing(start: start, skip: 0, count: count, gap: 0)
        }
        run = nil
        let stamp = rateChanged ? nil : timestamp.map(axisIndex)
        var start: Int64
        if let end {
            start = timing == .stamped ? stamp ?? end : end
        } else {
            start = stamp ?? 0
        }
        let floor = end ?? 0
        let skip = Int(min(Int64(count), max(0, floor - start)))
        start = max(start, floor)
        let gap = end.map { start - $0 } ?? 0
        if first == nil, skip < count { first = start }
        if skip < count || end != nil { end = start + Int64(count - skip) }
        return Landing(start: start, skip: skip, count: count - skip, gap: gap)
    }
}
