import ArgumentParser
import MixdownUnits

/// What a long-running command says on stderr while it works and when it is done.
struct ReportingOptions: ParsableArguments {
    @Option(help: "Progress on stderr: bar (on a terminal), json (a line a second) or none.")
    var progress: ProgressStyle = .bar

    @Flag(help: "No progress or summary on stderr.")
    var quiet = false

    var console: Console { Console(quiet: quiet) }

    func reporter(total: Int64, sampleRate: SampleRate) -> ProgressReporter {
        ProgressReporter(total: total, sampleRate: sampleRate, style: progress, quiet: quiet)
    }
}
