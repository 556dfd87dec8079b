import MixdownAudioMix
import MixdownComposition
import MixdownTime

/// Why a plan cannot be cut or moved as asked.
public enum MixPlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The composition cannot be cut there.
    case composition(CompositionError)
    /// An envelope cannot be moved there.
    case envelope(AudioMixError)
    /// The clips cannot be cut there.
    case stitch(VideoStitchError)
    /// A range with nothing of it on the timeline, which lasts `timeline`.
    case rangeOutsideTimeline(MediaTimeRange, timeline: MediaTime)
    /// The composed picture cannot be cut there.
    case videoComposition(VideoCompositionError)
    /// A plan whose ducks are still to be measured (ducking by loudness), cut
    /// before the loudness pass ran.
    case notMeasured

    public var description: String {
        switch self {
        case let .composition(error): return error.description
        case let .envelope(error): return error.description
        case let .stitch(error): return error.description
        case let .rangeOutsideTimeline(range, timeline):
            return "\(range.readable) is outside the timeline [0s, \(timeline.readable))"
        case let .videoComposition(error): return error.description
        case .notMeasured:
            return "the plan's dialogue processing or its ducks by loudness are not measured yet: run the measured passes before cutting it"
        }
    }
}
