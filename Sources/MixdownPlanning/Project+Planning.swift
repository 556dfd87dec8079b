import MixdownMediaIO
import MixdownPlan
import MixdownProject

extension Project {
    /// Probes every file and builds the plan the renderer runs: the picture, and
    /// the audio tracks with their segments, items, gains and ducks.
    ///
    /// Clips are planned as the export will write them (keyframe rules, snaps, packet
    /// timestamps), so a preview and an export of the same project sound the same.
    /// Planning never renders: a duck by loudness is left for a loudness pass to
    /// measure (`MixPlan.needsMeasuring`), which the sessions of MixdownExport run.
    ///
    /// With a `cache`, what the speech detector finds in an input (the ducks'
    /// speech, the dialogue's phrases) is kept in it as a note, keyed by the
    /// file and the detector's settings, and a later plan reads it instead of
    /// decoding and listening again. The dialogue's phrases are listened to on
    /// up to `threads` threads; the plan does not depend on how many.
    ///
    /// - Throws: ``PlanningError`` naming the file or field that cannot work.
    public func plan(for purpose: PlanPurpose = .preview, cache: ConformCache? = nil, threads: Int = 1) throws(PlanningError) -> MixPlan {
        var planner = Planner(project: self, purpose: purpose, cache: cache, threads: threads)
        return try planner.plan()
    }
}

/// What a plan is for, which decides how much of the clips' video it reads.
public enum PlanPurpose: Sendable {
    /// Audio only: whole clips are placed from their headers without scanning their
    /// video (trimmed clips are still planned as the export cuts them), and clips that
    /// could not share one video track are still mixed.
    case preview
    /// The picture as the export would cut it (`MixPlan.video`), without refusing
    /// clips that could not share one track: for `inspect` and `plot`.
    case layout
    /// As `layout`, and clips must be compatible for stream copy.
    case export
}
