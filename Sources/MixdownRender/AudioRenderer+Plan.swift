import MixdownMediaIO
import MixdownPlan

extension AudioRenderer {
    /// A renderer for a resolved project.
    ///
    /// With `recordedBus`, the bus is read from it rather than rendered: it must
    /// hold this plan's bus (before mastering) over the whole timeline, as
    /// `LoudnessScan(recording:into:…)` writes it, so that every render gives the
    /// same bits as without it, in a fraction of the time.
    public convenience init(plan: MixPlan, blockSize: Int = 16_384, recordedBus: ScratchAudioFile? = nil) throws(MediaIOError) {
        do {
            try self.init(composition: plan.composition, envelopes: plan.envelopes, pans: plan.pans, duration: plan.duration,
                          sampleRate: plan.sampleRate, blockSize: blockSize, mastering: plan.mastering, recordedBus: recordedBus)
        } catch {
            throw .unsupported(path: "timeline", reason: error.description)
        }
        if let recordedBus, recordedBus.frameCount != frameCount {
            throw .unsupported(path: "timeline", reason: "the recorded mix holds \(recordedBus.frameCount) frames, the timeline \(frameCount)")
        }
    }
}
