import MixdownAudioMix
import MixdownTime

/// One box on a lane: a video clip's segment, an audio segment or an overlay,
/// with what is drawn inside it.
struct PlotItem: Sendable {
    /// The file, as the plan names it.
    var path: String
    /// Where it plays on the timeline, in seconds.
    var start: Double
    var end: Double
    /// The part of the file that plays, in the file's own seconds.
    var sourceStart: Double
    var sourceEnd: Double
    /// The composition track it is on (audio only).
    var track: Int?
    /// The gain the renderer applies to it (audio only).
    var envelope: GainEnvelope?
    /// The dialogue leveler's part of that gain (its track's `dialogue` layer), when it is levelled.
    var leveller: GainEnvelope?
    /// Its audio at picture resolution (audio only).
    var waveform: WaveformSummary?
    /// What it is called when it is not a file (an overlay's text or kind).
    var label: String?
    /// Its row in a lane of rows (overlays that overlap in time stack), from the top.
    var row = 0

    /// `sourceRange` of `path` playing over `timeRange`, in seconds for drawing.
    init(path: String, timeRange: MediaTimeRange, sourceRange: MediaTimeRange, track: Int? = nil, envelope: GainEnvelope? = nil) {
        self.path = path
        start = timeRange.start.seconds
        end = timeRange.end.seconds
        sourceStart = sourceRange.start.seconds
        sourceEnd = sourceRange.end.seconds
        self.track = track
        self.envelope = envelope
    }

    /// Its ``label``, or the last component of ``path``.
    var fileName: String {
        if let label { return label }
        return path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}
