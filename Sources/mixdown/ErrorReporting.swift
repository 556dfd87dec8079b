import ArgumentParser
import Foundation
import MixdownMediaIO
import MixdownProject

/// Runs `body`; a typed Mixdown error becomes one line on stderr and its exit code.
func runReportingErrors<T, E: Error & CustomStringConvertible>(_ body: () throws(E) -> T) throws -> T {
    do {
        return try body()
    } catch {
        fail(error.description, code: exitCode(for: error))
    }
}

/// Prints `mixdown: message` on stderr and exits with `code`.
func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("mixdown: \(message)\n".utf8))
    exit(code)
}

private func exitCode(for error: some Error) -> Int32 {
    (error as? any ExitCoded)?.exitCode ?? 65
}

/// Errors that know their documented exit code.
protocol ExitCoded { var exitCode: Int32 { get } }
extension MediaIOError: ExitCoded {}
extension ProjectError: ExitCoded {}
extension ProjectFileError: ExitCoded {}
