import MixdownLoudness
import MixdownRender

/// What a preview or an export wrote, and how it meets its delivery: the
/// render's summary, the written file's loudness as it decodes, and the
/// normalisation whose mastering it carries.
public struct DeliveredOutput: Sendable {
    /// The render that wrote the file (the last encoding's, for an export).
    public var summary: RenderSummary
    /// The file's integrated loudness and true peak as it decodes (the AAC,
    /// for an export), the true peak read by the limiter's detector; nil when
    /// it was not measured.
    public var figures: LoudnessFigures?
    /// The delivery the mix was normalised to, with the mastering the file
    /// has (corrected after each encoding that missed); nil for none.
    public var normalisation: LoudnessNormalisation?
    /// How many times the mix was encoded: 1 for a preview, or an export whose
    /// first encoding met the delivery; at most ``DeliveryExport/maximumEncodings``.
    public var encodings: Int
    /// Whether ``figures`` meet the delivery (`LoudnessNormalisation.accepts(_:)`);
    /// nil when nothing was checked: no delivery, or a part of the timeline
    /// (a range previews the delivery, it is not one).
    public var meetsDelivery: Bool?

    /// What a preview or an export reports it wrote.
    public init(summary: RenderSummary, figures: LoudnessFigures?, normalisation: LoudnessNormalisation?,
                encodings: Int = 1, meetsDelivery: Bool?) {
        self.summary = summary
        self.figures = figures
        self.normalisation = normalisation
        self.encodings = encodings
        self.meetsDelivery = meetsDelivery
    }
}
