import ArgumentParser
import Foundation
import MixdownComposition
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProjectFile

/// The documented exit codes (README, "Exit codes"): the CLI's policy, kept out of
/// the library, whose errors are typed and say nothing of processes.
enum ExitStatus {
    static let usage: Int32 = 64
    static let badInput: Int32 = 65
    static let missingInput: Int32 = 66
    static let cannotCreateOutput: Int32 = 73
    static let ioError: Int32 = 74
    static let interrupted: Int32 = 130

    /// The exit code for a library error.
    static func code(for error: any Error) -> Int32 {
        switch error {
        case let error as MediaIOError: return code(for: error)
        case let error as VideoStitchError: return code(for: error)
        case let error as PlanningError:
            switch error {
            case let .media(media): return code(for: media)
            case let .stitch(stitch): return code(for: stitch)
            default: return badInput
            }
        case let error as MixPlanError:
            if case let .stitch(stitch) = error { return code(for: stitch) }
            return badInput
        case let error as ProjectFileError: return error.isUnreadable ? missingInput : badInput
        default: return badInput
        }
    }

    private static func code(for error: MediaIOError) -> Int32 {
        switch error {
        case .missingInput: return missingInput
        case .unreadableMedia, .noStream, .unsupported, .decodeFailed: return badInput
        case .cannotCreateOutput: return cannotCreateOutput
        case .writeFailed: return ioError
        case .cancelled: return interrupted
        }
    }

    private static func code(for error: VideoStitchError) -> Int32 {
        switch error {
        case .notOnKeyframe, .invalidTrim: return usage
        case .noClips, .clipNotScanned, .incompatibleClips, .timestampOutOfRange: return badInput
        }
    }
}

/// Runs `body`; a typed Mixdown error becomes one line on stderr and its exit code.
func runReportingErrors<T, E: Error & CustomStringConvertible>(_ body: () throws(E) -> T) throws -> T {
    do {
        return try body()
    } catch {
        fail(error.description, code: ExitStatus.code(for: error))
    }
}

/// Prints `mixdown: message` on stderr and exits with `code`.
func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("mixdown: \(message)\n".utf8))
    exit(code)
}
