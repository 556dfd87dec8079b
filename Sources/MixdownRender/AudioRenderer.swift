import MixdownAudioMix
import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownTime
import Foundation


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
    public let sampleRate: Int32
    /// Output samples of the whole timeline.
    public let frameCount: Int64
    /// Frames per block handed to the sink.
    public let blockSize: Int
    private let tracks: [TrackRenderer]

    /// Prepares to render `duration` of `composition`'s audio tracks.
    ///
    /// `envelopes` maps track ids to the gain the renderer applies; a track without one plays at unity.
    public init(composition: Composition, envelopes: [Int: GainEnvelope], duration: MediaTime,
                sampleRate: Int32 = 48_000, blockSize: Int = 16_384) throws(MediaTimeError) {
        self.sampleRate = sampleRate
        self.blockSize = blockSize
        frameCount = try duration.sampleIndex(sampleRate: sampleRate)
        var tracks: [TrackRenderer] = []
        for track in composition.tracks where track.mediaType == .audio {
            let readers = try track.segments.map { segment throws(MediaTimeError) in
                try SegmentReader(segment: segment, sampleRate: sampleRate)
            }
            tracks.append(TrackRenderer(envelope: envelopes[track.id] ?? GainEnvelope(layers: []), readers: readers, blockSize: blockSize))
        }
        self.tracks = tracks
    }

    /// Renders timeline samples `range` (the whole timeline by default) and hands each block to `sink`.
    ///
    /// A partial range seeks every input rather than decoding from the start, and its
    /// samples equal the same samples of a full render. `isCancelled` is polled every
    /// block; a cancelled render throws `MediaIOError.cancelled`.
    public func render(range: Range<Int64>? = nil,
                       isCancelled: () -> Bool = { false },
                       progress: (Int64) -> Void = { _ in },
                       to sink: (AudioBlock) throws(MediaIOError) -> Void) throws(MediaIOError) -> RenderSummary {
        let range = range ?? 0..<frameCount
        let started = ContinuousClock.now
        let left = UnsafeMutablePointer<Float>.allocate(capacity: blockSize)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: blockSize)
        defer { left.deallocate(); right.deallocate() }
        var peak: Float = 0
        var first = range.lowerBound
        while first < range.upperBound {
            if isCancelled() { throw .cancelled }
            let count = Int(min(Int64(blockSize), range.upperBound - first))
            DSP.fill(left, value: 0, count: count)
            DSP.fill(right, value: 0, count: count)
            try prepare(first..<(first + Int64(count)))
            for track in tracks { track.accumulate(left: left, right: right) }
            peak = max(peak, DSP.peakMagnitude(left, count: count), DSP.peakMagnitude(right, count: count))
            try sink(AudioBlock(firstSample: first, count: count, left: left, right: right))
            first += Int64(count)
            progress(first - range.lowerBound)
        }
        tracks.forEach { $0.close() }
        return RenderSummary(frames: Int64(range.count), sampleRate: sampleRate, peak: peak, elapsed: (ContinuousClock.now - started).seconds)
    }

    /// Decodes every track's share of `block`, the tracks on as many cores as there are.
    private func prepare(_ block: Range<Int64>) throws(MediaIOError) {
        guard tracks.count > 1, Self.cores > 1 else {
            for track in tracks { try track.prepare(block, sampleRate: sampleRate) }
            return
        }
        let work = TrackWork(tracks: tracks)
        defer { work.failures.deallocate() }
        let rate = sampleRate
        DispatchQueue.concurrentPerform(iterations: tracks.count) { i in
            do throws(MediaIOError) { try work.tracks[i].prepare(block, sampleRate: rate) } catch { work.failures[i] = error }
        }
        if let failure = work.failures.lazy.compactMap({ $0 }).first { throw failure }
    }

    private static let cores = ProcessInfo.processInfo.activeProcessorCount
}

/// The tracks of one block and a slot per track for its error, shared with the
/// worker threads of `concurrentPerform`.
///
/// Unchecked because iteration i touches only track i (its own decoders and
/// buffers) and slot i, and the caller waits for every iteration before reading.
private struct TrackWork: @unchecked Sendable {
    let tracks: [TrackRenderer]
    let failures: UnsafeMutableBufferPointer<MediaIOError?>

    init(tracks: [TrackRenderer]) {
        self.tracks = tracks
        failures = .allocate(capacity: tracks.count)
        failures.initialize(repeating: nil)
    }
}
