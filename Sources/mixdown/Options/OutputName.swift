import Foundation
import MixdownMediaIO

/// Refuses a bad output before any long work: one that lies in a missing folder,
/// is an input, exists and is not a regular file (`AtomicOutputFile.check`), or
/// whose name says another format than the `format` the command writes (`mix -o
/// x.mp3` wrote WAV data into a file named .mp3). `extensions` nil: the command
/// checks the name itself (export picks its container by the extension).
///
/// - Throws: `cannotCreateOutput` (exit 73, as `export` gives for an extension it
///   has no container for).
func checkOutput(_ path: String, inputs: [String], extensions: [String]? = nil, format: String = "") throws(MediaIOError) {
    try AtomicOutputFile.check(path: path, inputs: inputs)
    guard let extensions, !extensions.contains((path as NSString).pathExtension.lowercased()) else { return }
    let names = extensions.map { "." + $0 }.joined(separator: " or ")
    throw .cannotCreateOutput(path: path, reason: "this command writes \(format): name the output \(names)")
}
