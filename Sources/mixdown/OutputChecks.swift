import Foundation
import MixdownMediaIO

/// Refuses an output path that is one of the inputs, so a typo never overwrites a source.
func refuseOverwritingInput(_ output: String, inputs: Set<String>) throws {
    let target = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
    for input in inputs where URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path == target {
        fail(MediaIOError.cannotCreateOutput(path: output, reason: "it is also an input").description, code: 73)
    }
}
