import Foundation
import MixdownAudioMix
import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownPlan
import MixdownTime
import MixdownUnits

/// Renders a composition's audio tracks, each scaled by its gain envelope, to one
/// stereo float bus, streaming in fixed-size blocks.
///
/// Placement is sample-exact: a segment at timeline time s starts at output sample
/// round(s × rate) (MediaTime's rounding rule, half up) and ends at round(e × rate),
/// so a segment of length d yields exactly those samples and nothing drifts. Gains
/// are evaluated at every output sample at t = n / rate. Memory does not grow with
/// the timeline: one block per track, and one decoder per segment only while the
/// render is inside it.
public final class AudioRenderer {
    /// Threads a render keeps busy when nobody says: one per active core.
    public static var defaultThreadCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Output sample rate: the plan's.
    public let sampleRate: SampleRate
    /// Output samples of the whole timeline.
    public let frameCount: Int64
    /// Frames per block handed to the sink.
    public let blockSize: Int
    private let tracks: [TrackRenderer]
    /// The static gain and limiter the bus goes through last, if any.
    public let mastering: Mastering?
    /// The bus recorded by an earlier render of the same mix, read instead of
    /// decoding and mixing the tracks (``init(plan:blockSize:recordedBus:)``).
    public let recordedBus: ScratchAudioFile?

    /// Prepares to render `duration` of `tracks`, each through its envelope and pans.
    init(tracks: [MixTrack], duration: MediaTime, sampleRate: SampleRate, blockSize: Int, mastering: Mastering?,
         recordedBus: ScratchAudioFile?) throws(MediaTimeError) {
        self.sampleRate = sampleRate
        self.mastering = mastering
        self.recordedBus = recordedBus
        self.blockSize = blockSize
        frameCount = try duration.sampleIndex(sampleRate: sampleRate)
        var renderers: [TrackRenderer] = []
        for track in tracks {
            let readers = try track.segments.map { segment throws(MediaTimeError) in
                try SegmentReader(segment: segment, sampleRate: sampleRate)
            }
            let panned = try track.pans.map { span throws(MediaTimeError) in
                let gains = span.pan.gains
                return TrackRenderer.Panning(samples: try span.range.sampleRange(sampleRate: sampleRate),
                                             left: Float(gains.left), right: Float(gains.right))
            }
            renderers.append(TrackRenderer(envelope: track.envelope, pans: panned, readers: readers))
        }
        self.tracks = renderers
    }

    /// Renders timeline samples `range` (the whole timeline by default) and hands each block to `sink`.
    ///
    /// A partial range seeks every input rather than decoding from the start, and its
    /// samples equal the same samples of a full render. `isCancelled` is polled every
    /// block; a cancelled render throws `MediaIOError.cancelled`.
    ///
    /// The render keeps at most `threads` threads busy, the calling thread (which
    /// mixes and runs `sink`) included: the tracks decode a few blocks ahead of the
    /// mix on the other `threads - 1` (`TrackPrefetcher`), shared when there are
    /// more tracks than threads. With `threads: 1` everything runs on the calling
    /// thread, for callers that already keep every core busy with renders of their own.
    ///
    /// With ``mastering``, the bus goes through its gain and limiter before the
    /// sink; the limiter starts early enough before `range` (its settling time)
    /// that the samples equal those of a full render.
    public func render(range: Range<Int64>? = nil,
                       threads: Int = defaultThreadCount,
                       isCancelled: () -> Bool = { false },
                       progress: (Int64) -> Void = { _ in },
                       to sink: (AudioBlock) throws(MediaIOError) -> Void) throws(MediaIOError) -> RenderSummary {
        let range = range ?? 0..<frameCount
        if let mastering {
            return try renderMastered(range: range, mastering: mastering, threads: threads, isCancelled: isCancelled,
                                      progress: progress, to: sink)
        }
        return try renderBus(range: range, threads: threads, isCancelled: isCancelled, progress: progress, to: sink)
    }

    /// Renders the bus of `range`, before mastering.
    package func renderBus(range: Range<Int64>, threads: Int, isCancelled: () -> Bool, progress: (Int64) -> Void,
                           to sink: (AudioBlock) throws(MediaIOError) -> Void) throws(MediaIOError) -> RenderSummary {
        if let recordedBus {
            // The bus of `range` read from the recording, in the blocks a render gives.
            return try forEachBlock(of: range, isCancelled: isCancelled, progress: progress,
                                    to: sink) { block, bus throws(MediaIOError) in
                try recordedBus.read(into: bus, at: block.lowerBound)
            }
        }
        let decoders = min(max(0, threads - 1), tracks.count)
        let sources: [any TrackBlockSource]
        var pool: WorkerPool<Void>?
        if decoders > 0 {
            let prefetchers = tracks.map { TrackPrefetcher(track: $0, range: range, blockSize: blockSize, sampleRate: sampleRate) }
            sources = prefetchers
            pool = WorkerPool(threads: decoders, jobs: decoders) { job, _ in
                TrackPrefetcher.produce(tracks: stride(from: job, to: prefetchers.count, by: decoders).map { prefetchers[$0] })
            }
        } else {
            sources = tracks.map { InlineTrackSource(track: $0, blockSize: blockSize, sampleRate: sampleRate) }
        }
        defer {
            sources.forEach { $0.stop() }
            pool?.wait()
            tracks.forEach { $0.close() }
        }
        return try forEachBlock(of: range, isCancelled: isCancelled, progress: progress, to: sink) { block, bus throws(MediaIOError) in
            DSP.fill(bus, value: 0)
            for source in sources {
                try source.next(block).accumulate(into: bus)
                source.release()
            }
        }
    }

    /// The one block loop of a render: for each block of `range` in order, has
    /// `make` write timeline samples `block` into `bus` (the renderer's one
    /// stereo block), then measures it and hands it to `sink`.
    private func forEachBlock(of range: Range<Int64>, isCancelled: () -> Bool, progress: (Int64) -> Void,
                              to sink: (AudioBlock) throws(MediaIOError) -> Void,
                              making make: (_ block: Range<Int64>, _ bus: MutableAudioSlice) throws(MediaIOError) -> Void)
        throws(MediaIOError) -> RenderSummary {
        let started = ContinuousClock.now
        var bus = AudioBuffer(capacity: blockSize)
        var peak: Float = 0
        var first = range.lowerBound
        while first < range.upperBound {
            if isCancelled() { throw .cancelled }
            let count = Int(min(Int64(blockSize), range.upperBound - first))
            try make(first..<first + Int64(count), bus.mutableSlice(0..<count))
            let audio = bus.slice(0..<count)
            peak = max(peak, DSP.peakMagnitude(audio))
            try sink(AudioBlock(firstSample: first, audio: audio))
            first += Int64(count)
            progress(first - range.lowerBound)
        }
        return RenderSummary(frames: Int64(range.count), sampleRate: sampleRate, peak: peak, elapsed: (ContinuousClock.now - started).seconds)
    }
}
