import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownTime
import MixdownUnits

/// Feeds one composition segment's audio into the timeline, opening its decoder
/// only while the render is inside the segment, so open files and memory stay
/// bounded however long the timeline is.
final class SegmentReader {
    let path: String
    /// Output samples of the timeline the segment covers.
    let span: Range<Int64>
    /// Output sample of the source that plays at `span.lowerBound`.
    let sourceStart: Int64
    let sampleRate: SampleRate
    private var decoder: (any AudioSampleSource)?

    init(segment: CompositionTrackSegment, sampleRate: SampleRate) throws(MediaTimeError) {
        path = segment.asset.path
        span = try segment.timelineRange.sampleRange(sampleRate: sampleRate)
        sourceStart = try segment.sourceRange.start.sampleIndex(sampleRate: sampleRate)
        self.sampleRate = sampleRate
    }

    /// Reads the segment's samples for timeline samples `range` (inside `span`) into
    /// `destination`, `range.count` frames.
    ///
    /// - Throws: `decodeFailed` naming the time the source ended when it ends before
    ///   the segment does: the plan counted its exact length, so the file has
    ///   shrunk (or been damaged) since.
    func read(_ range: Range<Int64>, into destination: MutableAudioSlice) throws(MediaIOError) {
        precondition(destination.count == range.count, "\(range.count) frames read into \(destination.count)")
        let wanted = sourceStart + (range.lowerBound - span.lowerBound)
        let decoder: any AudioSampleSource
        if let open = self.decoder {
            decoder = open
        } else {
            // The input's conformed audio when the cache holds it: the same samples.
            decoder = try ConformedAudio.source(path: path, sampleRate: sampleRate)
            self.decoder = decoder
        }
        if decoder.position != wanted { try decoder.seek(toSample: wanted) }
        // The decoder fills the view but at the end of its stream.
        let got = try decoder.read(into: destination)
        if got < destination.count {
            // Both ends of a segment round to samples on their own, so a segment
            // placed off the sample grid (a loop's later rounds) may span one
            // sample more than its source holds: that one is silence.
            guard sourceStart + Int64(span.count) - decoder.position <= 1 else { throw ended(at: decoder.position) }
            DSP.fill(destination.slice(got..<destination.count), value: 0)
        }
        if range.upperBound >= span.upperBound { close() }
    }

    /// The source ended at output sample `position` of its own, before the segment's end.
    private func ended(at position: Int64) -> MediaIOError {
        let rate = Int64(sampleRate.hertz)
        func seconds(_ samples: Int64) -> String {
            let millis = (samples * 1000 + rate / 2) / rate
            let fraction = String(millis % 1000)
            return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
        }
        let planned = sourceStart + Int64(span.count)
        return .decodeFailed(path: path, reason: "its audio ends at \(seconds(position)), before the \(seconds(planned)) planned: the file has changed or is damaged")
    }

    /// Releases the decoder once the render has passed the segment.
    func close() { decoder = nil }
}
