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
    /// An excerpt of a composed picture (transitions, conformed clips), which is not cut yet.
    case composedExcerpt

    public var description: String {
        switch self {
        case let .composition(error): return error.description
        case let .envelope(error): return error.description
        case let .stitch(error): return error.description
        case let .rangeOutsideTimeline(range, timeline):
            return "\(range.readable) is outside the timeline [0s, \(timeline.readable))"
        case .composedExcerpt:
            return "an export of part of the timeline (--range) with transitions, picture fades or conformed clips is not supported yet; "
                + "export the whole timeline, or preview the range as WAV"
        }
    }
}
