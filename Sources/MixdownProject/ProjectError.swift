import MixdownAudioMix
import MixdownComposition
import MixdownMediaIO
import MixdownTime

/// A project that cannot be built, naming the item or file and what is wrong.
public enum ProjectError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A media file could not be used.
    case media(MediaIOError)
    /// A field has a value that cannot work; `field` names it (`voiceover[1].start`).
    case invalidValue(field: String, reason: String)
    case composition(CompositionError)
    case audioMix(AudioMixError)
    case time(MediaTimeError)

    public var description: String {
        switch self {
        case let .media(error): return error.description
        case let .invalidValue(field, reason): return "\(field): \(reason)"
        case let .composition(error): return error.description
        case let .audioMix(error): return error.description
        case let .time(error): return error.description
        }
    }

    /// The documented exit code: 66 for missing media, 65 for anything else wrong with the input.
    public var exitCode: Int32 {
        if case let .media(error) = self { return error.exitCode }
        return 65
    }
}
