import MixdownPlan
import MixdownProject

extension Project {
    /// Probes every file and builds the composition and gain envelopes the renderer runs.
    ///
    /// Clips are planned as the export will write them (keyframe rules, snaps, packet
    /// timestamps), so a preview and an export of the same project sound the same.
    ///
    /// - Throws: ``PlanningError`` naming the file or field that cannot work.
    public func plan(for purpose: PlanPurpose = .preview) throws(PlanningError) -> MixPlan {
        var builder = PlanBuilder(project: self, purpose: purpose)
        return try builder.build()
    }
}

/// What a plan is for, which decides how much of the clips' video it reads.
public enum PlanPurpose: Sendable {
    /// Audio only: whole clips are placed from their headers without scanning their
    /// video (trimmed clips are still planned as the export cuts them), and clips that
    /// could not share one video track are still mixed.
    case preview
    /// The video track as the export would cut it (`MixPlan.video`), without refusing
    /// clips that could not share one track: for `inspect` and `plot`.
    case layout
    /// As `layout`, and clips must be compatible for stream copy.
    case export
}
