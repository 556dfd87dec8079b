import MixdownMediaIO
import MixdownPlan

extension AudioRenderer {
    /// A renderer for a resolved project.
    public convenience init(plan: MixPlan, blockSize: Int = 16_384) throws(MediaIOError) {
        do {
            try self.init(composition: plan.composition, envelopes: plan.envelopes, pans: plan.pans, duration: plan.duration,
                          sampleRate: plan.sampleRate, blockSize: blockSize, mastering: plan.mastering)
        } catch {
            throw .unsupported(path: "timeline", reason: error.description)
        }
    }
}
