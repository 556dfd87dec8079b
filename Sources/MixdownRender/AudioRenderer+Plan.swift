import MixdownMediaIO
import MixdownPlan

extension AudioRenderer {
    /// A renderer for a resolved project.
    ///
    /// With `recordedBus`, the bus is read from it rather than rendered: it must
    /// hold this plan's bus (before mastering) over the whole timeline, as
    /// `LoudnessScan(recording:into:…)` writes it, so that every render gives the
    /// same bits as without it, in a fraction of the time.
    ///
    /// - Throws: `MediaIOError.unsupported` for a plan that `MixPlan.needsMeasuring`
    ///   (its dialogue processing and ducks by loudness are chosen by passes that render it first), or
    ///   whose times overflow.
    public convenience init(plan: MixPlan, blockSize: Int = 16_384, recordedBus: ScratchAudioFile? = nil) throws(MediaIOError) {
        guard !plan.needsMeasuring else {
            throw .unsupported(path: "timeline", reason: "its dialogue processing or its ducks by loudness are not measured yet (run the measured passes first)")
        }
        do {
            try self.init(tracks: plan.audioTracks, duration: plan.duration, sampleRate: plan.sampleRate, blockSize: blockSize,
                          mastering: plan.mastering, recordedBus: recordedBus)
        } catch {
            throw .unsupported(path: "timeline", reason: error.description)
        }
        if let recordedBus, recordedBus.frameCount != frameCount {
            throw .unsupported(path: "timeline", reason: "the recorded mix holds \(recordedBus.frameCount) frames, the timeline \(frameCount)")
        }
    }
}
