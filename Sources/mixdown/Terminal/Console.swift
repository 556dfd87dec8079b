import Foundation
import MixdownMediaIO
import MixdownUnits

/// Messages and progress on stderr (data goes to stdout), silenced by `--quiet`.
struct Console {
    let quiet: Bool

    func warn(_ message: String) {
        guard !quiet else { return }
        writeToStandardError("mixdown: warning: \(Console.displayed(message))\n")
    }

    func summary(_ message: String) {
        guard !quiet else { return }
        writeToStandardError("\(Console.displayed(message))\n")
    }

    /// `message` with every control character escaped and each line cut to a
    /// bounded length (`MessageText`): the last guard before text reaches a
    /// terminal, whatever built it. Newlines between lines are kept.
    static func displayed(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { MessageText.shown(String($0), limit: 1000) }.joined(separator: "\n")
    }
}

/// Writes `text` to stderr. A failed write (stderr closed, a full disk) is
/// dropped: there is nowhere left to report it.
func writeToStandardError(_ text: String) {
    _ = writeAll(Data(text.utf8), to: 2)
}

/// Writes `data` to stdout.
///
/// - Throws: `writeFailed` naming standard output (a full disk, a closed pipe):
///   the output is then incomplete, and the run ends with the I/O error code.
func writeToStandardOutput(_ data: Data) throws(MediaIOError) {
    if let error = writeAll(data, to: 1) {
        throw .writeFailed(path: "standard output", reason: String(cString: strerror(error)))
    }
}

/// Writes `data` into `file`, the temporary file of the output `path`.
///
/// - Throws: `writeFailed` naming `path`, with the system's reason ("No space left on device").
func writeData(_ data: Data, into file: String, for path: String) throws(MediaIOError) {
    let descriptor = open(file, O_WRONLY | O_TRUNC)
    guard descriptor >= 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    if let error = writeAll(data, to: descriptor) { throw .writeFailed(path: path, reason: String(cString: strerror(error))) }
}

/// Writes `data` to `output`: stdout for `-`, else a temporary file beside it,
/// renamed into place only when complete (never over one of `inputs`).
func writeOutput(_ data: Data, to output: String, inputs: [String]) throws {
    guard output != "-" else {
        try writeToStandardOutput(data)
        return
    }
    let file = try AtomicOutputFile(path: output, inputs: inputs)
    try writeData(data, into: file.temporaryPath, for: output)
    try file.commit()
}

/// `write(2)`s all of `data` to `descriptor`; the `errno` of a failure, nil on
/// success. (FileHandle's `write(_:)` traps on a closed pipe, with SIGPIPE ignored.)
private func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
    data.withUnsafeBytes { bytes in
        var done = 0
        while done < bytes.count {
            let n = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }
}

/// Writes `text` and a newline to stdout, as `print` would, failing as ``writeToStandardOutput(_:)`` does.
func printOutput(_ text: String) throws(MediaIOError) {
    try writeToStandardOutput(Data((text + "\n").utf8))
}
