import Foundation
import MixdownMediaIO

/// Prints `value` as pretty JSON with sorted keys on stdout, for `--json`.
///
/// A number that is not finite (the level of digital silence in dBFS, an
/// angle FFmpeg could not compute) is written as `null`: JSON has no
/// infinities, and a report must never fail to print.
///
/// - Throws: as `printOutput(_:)`, when standard output cannot be written.
func printJSON(_ value: some Encodable) throws(MediaIOError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    // A token no string of the report can hold, replaced by null once encoded.
    let token = "non-finite-\(UUID().uuidString)"
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: token, negativeInfinity: token, nan: token)
    let data: Data
    do {
        data = try encoder.encode(value)
    } catch {
        // Not the library's: the report's own types failed to encode, a bug.
        fail("cannot write the report as JSON: \(error)", code: ExitStatus.internalError)
    }
    try printOutput(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"\(token)\"", with: "null"))
}
