import ArgumentParser
import MixdownRender

/// How many cores a rendering command may keep busy (`mix`, `export`, `inspect`).
struct ThreadOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Threads to render on; 1 keeps the job on one core. (default: one per core)", valueName: "n"),
            transform: parseThreads)
    var threads: Int?

    /// The threads a job may keep busy: `--threads`, or one per active core.
    var count: Int { threads ?? AudioRenderer.defaultThreadCount }
}

/// Parses `--threads`: at least 1.
private func parseThreads(_ text: String) throws -> Int {
    guard let count = Int(text), count >= 1, count <= 256 else {
        throw ValidationError("expected a number of threads from 1 to 256")
    }
    return count
}
