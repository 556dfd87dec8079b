import MixdownExport
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject

extension Project {
    /// This project's plan for `purpose` with the measured passes run over it,
    /// no delivery asked: what `inspect`, `automation`, `plot` and `loudness` run.
    func measuredPlan(for purpose: PlanPurpose, threads: Int) throws -> MeasuredPlan {
        try measuring(plan(for: purpose), threads: threads)
    }

    /// `plan`, this project's, with the measured passes run over it
    /// (MixdownExport's `MeasuredPlan`: the ducks by loudness, then the
    /// normalisation to the delivery that `delivery`'s flags or the project's
    /// `output.loudness` ask for) on `threads` threads, stopping when a signal
    /// asks: what every command that renders or reports the mix runs.
    ///
    /// - Parameters:
    ///   - delivery: the delivery flags of `mix` and `export`; nil for none.
    ///   - lossy: whether the output is AAC (`export`).
    ///   - output: the file to be written: a normalisation records the mix beside it.
    ///   - cache: the conform cache the cleaned dialogue is kept in; nil for none.
    ///   - warn: each warning, as soon as its pass finds it.
    /// - Throws: `ValidationError` for `--true-peak` without a target; the passes' `MediaIOError`s.
    func measuring(_ plan: MixPlan, threads: Int, delivery: LoudnessOptions? = nil, lossy: Bool = false, output: String = ".",
                   cache: ConformCache? = nil, warn: (String) -> Void = { _ in }) throws -> MeasuredPlan {
        let target = try delivery?.delivery(for: self)
        return try MeasuredPlan(plan: plan, delivery: target, lossy: lossy, threads: threads,
                                scratchFolder: LoudnessOptions.scratchFolder(for: output), cache: cache,
                                isCancelled: { Interrupt.isRequested() }, warn: warn)
    }
}
