import Foundation

/// Prints `value` as pretty JSON with sorted keys on stdout, for `--json`.
///
/// A number that is not finite (the level of digital silence in dBFS, an
/// angle FFmpeg could not compute) is written as `null`: JSON has no
/// infinities, and a report must never fail to print.
func printJSON(_ value: some Encodable) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    // A token no string of the report can hold, replaced by null once encoded.
    let token = "non-finite-\(UUID().uuidString)"
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: token, negativeInfinity: token, nan: token)
    do {
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        printOutput(text.replacingOccurrences(of: "\"\(token)\"", with: "null"))
    } catch {
        fail("cannot write the report as JSON: \(error)", code: ExitStatus.internalError)
    }
}
