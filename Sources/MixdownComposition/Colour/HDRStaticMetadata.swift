/// HDR10's static metadata: the mastering display and the content light
/// levels, as an HDR stream states them once for its whole length.
public struct HDRStaticMetadata: Hashable, Sendable {
    /// The display the picture was mastered on.
    public var masteringDisplay: MasteringDisplay
    /// The brightest pixel and frame average; nil when not stated.
    public var contentLightLevel: ContentLightLevel?

    /// Metadata from its parts.
    public init(masteringDisplay: MasteringDisplay, contentLightLevel: ContentLightLevel? = nil) {
        self.masteringDisplay = masteringDisplay
        self.contentLightLevel = contentLightLevel
    }

    /// What an output of `clips` may state: nil unless every clip states a
    /// complete mastering display (primaries, white point, luminance range);
    /// then the first clip's primaries and white point with the widest
    /// luminance range of all, and the highest light levels where every clip
    /// states them (else none).
    public static func merged(_ clips: [VideoColourDescription]) -> HDRStaticMetadata? {
        var merged: HDRStaticMetadata?
        for clip in clips {
            guard let display = clip.masteringDisplay, display.isComplete,
                  let low = display.minLuminance, let high = display.maxLuminance else { return nil }
            guard var current = merged else {
                merged = HDRStaticMetadata(masteringDisplay: display, contentLightLevel: clip.contentLightLevel)
                continue
            }
            current.masteringDisplay.minLuminance = min(current.masteringDisplay.minLuminance ?? low, low)
            current.masteringDisplay.maxLuminance = max(current.masteringDisplay.maxLuminance ?? high, high)
            if let a = current.contentLightLevel, let b = clip.contentLightLevel {
                current.contentLightLevel = ContentLightLevel(maxContentLightLevel: max(a.maxContentLightLevel, b.maxContentLightLevel),
                                                              maxFrameAverageLightLevel: max(a.maxFrameAverageLightLevel, b.maxFrameAverageLightLevel))
            } else {
                current.contentLightLevel = nil
            }
            merged = current
        }
        return merged
    }
}
