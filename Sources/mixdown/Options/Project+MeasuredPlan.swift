import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject

extension Project {
    /// The plan of this project for `purpose`, with the ducks by loudness measured
    /// on `threads` threads: what every command that renders or reports the mix runs.
    func measuredPlan(for purpose: PlanPurpose, threads: Int) throws -> MixPlan {
        let plan = try runReportingErrors { () throws(PlanningError) in try self.plan(for: purpose) }
        return try runReportingErrors { () throws(MediaIOError) in
            try plan.measuringLoudnessDucks(threads: threads, isCancelled: { Interrupt.isRequested() })
        }
    }
}
