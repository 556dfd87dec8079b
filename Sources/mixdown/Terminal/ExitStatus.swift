import ArgumentParser
import Foundation
import MixdownAudioMix
import MixdownCaptions
import MixdownInterchange
import MixdownComposition
import MixdownInterchange
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProjectFile
import MixdownTime
import MixdownUnits

/// The documented exit codes (README, "Exit codes"): the CLI's policy, kept out of
/// the library, whose errors are typed and say nothing of processes.
enum ExitStatus {
    static let usage: Int32 = 64
    static let badInput: Int32 = 65
    static let missingInput: Int32 = 66
    static let cannotCreateOutput: Int32 = 73
    static let ioError: Int32 = 74
    /// An error Mixdown did not expect (a bug): `EX_SOFTWARE`.
    static let internalError: Int32 = 70
    /// Ctrl-C; another signal gives 128 + its number (`Interrupt`).
    static let interrupted: Int32 = 130

    /// Ends the run for an error the library threw (or a bug's): one line on
    /// stderr, `mixdown: <message><hint>`, and the error's documented exit code.
    /// A job stopped on request (`MediaIOError.cancelled`, its temporary output
    /// removed) exits as the signal asked. The one place a thrown error becomes
    /// an exit code: commands let errors propagate out of `run()`, and
    /// `Mixdown.main()` hands here every one that is not ArgumentParser's.
    static func exit(reporting error: any Error) -> Never {
        if (error as? MediaIOError) == .cancelled { Interrupt.exitStopped() }
        fail(String(describing: error) + hint(for: error), code: code(for: error))
    }

    /// The exit code for a library error; 70 for any other.
    static func code(for error: any Error) -> Int32 {
        switch error {
        case let error as MediaIOError: return code(for: error)
        case let error as VideoStitchError: return code(for: error)
        case let error as PlanningError:
            switch error {
            case let .media(media): return code(for: media)
            case let .stitch(stitch): return code(for: stitch)
            case let .captions(captions): return code(for: captions)
            default: return badInput
            }
        case let error as MixPlanError:
            if case let .stitch(stitch) = error { return code(for: stitch) }
            return badInput
        case let error as ProjectFileError: return error.isUnreadable ? missingInput : badInput
        case let error as InterchangeError: return error.isMissingInput ? missingInput : badInput
        case let error as CaptionError: return code(for: error)
        case let error as TimelineExportError:
            if case .projectDocument = error { return internalError }
            return badInput
        case is CompositionError, is AudioMixError, is MediaTimeError, is QuantityError: return badInput
        default: return internalError
        }
    }

    /// What the library cannot say, since it knows no flags: the flag that fixes the error.
    static func hint(for error: any Error) -> String {
        let stitch: VideoStitchError? = switch error {
        case let error as VideoStitchError: error
        case let PlanningError.stitch(error), let MixPlanError.stitch(error): error
        default: nil
        }
        guard case .notOnKeyframe? = stitch else { return "" }
        return " (export --snap-keyframes moves it back to the keyframe before)"
    }

    private static func code(for error: MediaIOError) -> Int32 {
        switch error {
        case .missingInput: return missingInput
        case .unreadableMedia, .noStream, .unsupported, .decodeFailed: return badInput
        case .cannotCreateOutput: return cannotCreateOutput
        case .writeFailed: return ioError
        case .cancelled: return Interrupt.exitCode
        }
    }

    /// A caption file that is missing or cannot be opened: 66; one that is malformed: 65.
    private static func code(for error: CaptionError) -> Int32 {
        error.isUnreadable ? missingInput : badInput
    }

    private static func code(for error: VideoStitchError) -> Int32 {
        switch error {
        // The fix is a flag (--snap-keyframes) or a project key (snapToKeyframes).
        case .notOnKeyframe: return usage
        case .invalidTrim, .noClips, .clipNotScanned, .incompatibleClips, .timestampOutOfRange: return badInput
        }
    }
}

/// Prints `mixdown: message` on stderr, control characters escaped, and exits with `code`.
func fail(_ message: String, code: Int32) -> Never {
    writeToStandardError("mixdown: \(Console.displayed(message))\n")
    exit(code)
}
