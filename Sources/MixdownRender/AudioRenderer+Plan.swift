import MixdownMediaIO
import MixdownProject
import MixdownTime

extension AudioRenderer {
    /// A renderer for a resolved project.
    public convenience init(plan: MixPlan, blockSize: Int = 16_384) throws(MediaIOError) {
        do {
            try self.init(composition: plan.composition, envelopes: plan.envelopes, duration: plan.duration,
                          sampleRate: plan.sampleRate, blockSize: blockSize)
        } catch {
            throw .unsupported(path: "timeline", reason: error.description)
        }
    }

    /// Output samples of `range` (the whole timeline when nil), clamped to the timeline.
    public func sampleRange(_ range: MediaTimeRange?) throws(MediaIOError) -> Range<Int64> {
        guard let range else { return 0..<frameCount }
        do {
            let span = try range.sampleRange(sampleRate: sampleRate).clamped(to: 0..<frameCount)
            guard !span.isEmpty else {
                throw MediaIOError.unsupported(path: "--range", reason: "\(range) is outside the timeline")
            }
            return span
        } catch let error as MediaIOError {
            throw error
        } catch {
            throw .unsupported(path: "--range", reason: "\(error)")
        }
    }
}
