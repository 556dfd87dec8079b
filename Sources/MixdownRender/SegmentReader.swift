import MixdownComposition
import MixdownMediaIO
import MixdownTime

/// Feeds one composition segment's audio into the timeline, opening its decoder
/// only while the render is inside the segment, so open files and memory stay
/// bounded however long the timeline is.
final class SegmentReader {
    let path: String
    /// Output samples of the timeline the segment covers.
    let span: Range<Int64>
    /// Output sample of the source that plays at `span.lowerBound`.
    let sourceStart: Int64
    let sampleRate: Int32
    private var decoder: AudioDecoder?

    init(segment: CompositionTrackSegment, sampleRate: Int32) throws(MediaTimeError) {
        path = segment.asset.path
        span = try segment.timelineRange.sampleRange(sampleRate: sampleRate)
        sourceStart = try segment.sourceRange.start.sampleIndex(sampleRate: sampleRate)
        self.sampleRate = sampleRate
    }

    /// Reads the segment's samples for timeline samples `range` (inside `span`) into
    /// `left`/`right`, which the caller has zeroed; a source that ends early leaves zeros.
    func read(_ range: Range<Int64>, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) throws(MediaIOError) {
        let wanted = sourceStart + (range.lowerBound - span.lowerBound)
        let decoder: AudioDecoder
        if let open = self.decoder {
            decoder = open
        } else {
            decoder = try AudioDecoder(path: path, sampleRate: sampleRate)
            self.decoder = decoder
        }
        if decoder.position != wanted { try decoder.seek(toSample: wanted) }
        var done = 0
        let total = range.count
        while done < total {
            let got = try decoder.read(left: left + done, right: right + done, count: total - done)
            if got == 0 { break }
            done += got
        }
        if range.upperBound >= span.upperBound { close() }
    }

    /// Releases the decoder once the render has passed the segment.
    func close() { decoder = nil }
}
