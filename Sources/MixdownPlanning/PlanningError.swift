import MixdownAudioMix
import MixdownCaptions
import MixdownComposition
import MixdownMediaIO
import MixdownTime
internal import MixdownUnits

/// A project that cannot be planned, naming the item or file and what is wrong.
public enum PlanningError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A media file could not be used.
    case media(MediaIOError)
    /// The clips cannot be cut or stitched as asked.
    case stitch(VideoStitchError)
    /// A field has a value that cannot work; `field` names it (`voiceover[1].start`).
    case invalidValue(field: String, reason: String)
    /// A placement does not fit the composition.
    case composition(CompositionError)
    /// A volume, fade or duck setting cannot make a gain envelope.
    case audioMix(AudioMixError)
    /// Time arithmetic failed (for example overflow).
    case time(MediaTimeError)
    /// The clips' transitions, fades or ramps make a video composition that cannot be drawn.
    case videoComposition(VideoCompositionError)
    /// A caption file cannot be read or is malformed.
    case captions(CaptionError)

    public var description: String {
        switch self {
        case let .media(error): return error.description
        case let .stitch(error): return error.description
        case let .invalidValue(field, reason): return "\(MessageText.shown(field)): \(reason)"
        case let .composition(error): return error.description
        case let .audioMix(error): return error.description
        case let .time(error): return error.description
        case let .videoComposition(error): return error.description
        case let .captions(error): return error.description
        }
    }
}
