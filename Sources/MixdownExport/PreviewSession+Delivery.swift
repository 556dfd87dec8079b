import MixdownLoudness
import MixdownMediaIO
import MixdownRender

extension PreviewSession {
    /// The WAV that ``render(progress:)`` wrote (`written`, its summary)
    /// measured, and checked against the delivery of the ``MeasuredPlan`` the
    /// session was made from when it holds the whole timeline.
    ///
    /// The integrated loudness and true peak are read from the file itself
    /// (`LoudnessScan(file:…)`: stretches of seeking decoders on
    /// ``threadCount`` threads, the true peak by the limiter's detector). The
    /// file is in place already: the measurement only reports on it, so
    /// ``cancel()`` does not stop it. ``renderMeasured(progress:)`` gives the
    /// same without reading the file back.
    ///
    /// - Throws: the measurement's `MediaIOError`s.
    public func measure(_ written: RenderSummary) throws(MediaIOError) -> DeliveredOutput {
        let figures = try LoudnessScan(file: outputPath, frameCount: written.frames, sampleRate: plan.sampleRate,
                                       threads: threadCount, measures: [.integrated, .truePeak], truePeakBy: .limiterDetector).figures
        return delivered(written, figures: figures)
    }

    /// What the render `written` delivered, the file measuring `figures`.
    func delivered(_ written: RenderSummary, figures: LoudnessFigures) -> DeliveredOutput {
        // A part of the timeline previews the delivery, with the whole mix's gain: it is not one.
        let whole = range == 0..<plan.frameCount
        return DeliveredOutput(summary: written, figures: figures, normalisation: normalisation,
                               meetsDelivery: whole ? normalisation.map { $0.accepts(figures) } : nil)
    }
}
