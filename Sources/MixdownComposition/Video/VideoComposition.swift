import MixdownTime
import MixdownUnits

/// How a composition's video tracks become one picture per frame: render size,
/// frame duration, background, and instructions tiling the timeline, as
/// `AVMutableVideoComposition`.
public struct VideoComposition: Hashable, Sendable {
    /// The size of every output frame.
    public var renderSize: PixelSize
    /// The duration of one output frame (1/frame rate).
    public var frameDuration: MediaTime
    /// The colour where no layer draws.
    public var backgroundColour: Colour
    /// The instructions in timeline order; see ``validate(duration:trackIDs:)``.
    public var instructions: [VideoCompositionInstruction]
    /// The overlay track, drawn over what the instructions draw, later overlays
    /// over earlier ones: AVFoundation's animation tool (a Core Animation layer
    /// tree over the composed picture), independent of the instructions' ranges.
    public var overlays: [Overlay]
    /// The dynamic range of the composed frames: SDR (8-bit, BT.709 or BT.601),
    /// or HLG or PQ (10-bit BT.2020), as ``outputColour`` describes them.
    public var dynamicRange: DynamicRange = .sdr
    /// The HDR10 static metadata an HDR output states (where every clip stated
    /// it: planning merges theirs); nil for none.
    public var hdrMetadata: HDRStaticMetadata?

    /// A composition of `instructions` at `renderSize`, one frame every `frameDuration`, under `overlays`.
    public init(renderSize: PixelSize, frameDuration: MediaTime, backgroundColour: Colour = .black,
                instructions: [VideoCompositionInstruction] = [], overlays: [Overlay] = []) {
        self.renderSize = renderSize
        self.frameDuration = frameDuration
        self.backgroundColour = backgroundColour
        self.instructions = instructions
        self.overlays = overlays
    }

    /// The parts of `range` under an overlay, in time order and merged where
    /// they touch: frames an export draws and re-encodes whatever the
    /// instructions do there.
    public func overlaidRanges(within range: MediaTimeRange) -> [MediaTimeRange] {
        overlays.compactMap { $0.timeRange.intersection(range) }.merged()
    }

    /// The Y'CbCr matrix of the composed frames: BT.2020's for HDR, else what
    /// players assume for untagged video of the render height (BT.709 from 720
    /// lines, BT.601 below); used for the background colour, stills and the
    /// encoded stream's tags.
    public var colourMatrix: YCbCrMatrix { dynamicRange.isHDR ? .bt2020 : .assumed(forHeight: renderSize.height) }

    /// Bits per sample of the composed frames: 10 for HDR, else 8.
    public var bitDepth: Int { dynamicRange.isHDR ? 10 : 8 }

    /// The number of output frames over `range`: one every frame duration from
    /// its start, the last one starting before its end (`MediaTimeRange.frameCount(frameDuration:)`,
    /// exact). 0 for a frame duration that is not positive, which
    /// ``validate(duration:trackIDs:)`` refuses.
    public func frameCount(in range: MediaTimeRange) -> Int {
        do {
            return Int(try range.frameCount(frameDuration: frameDuration))
        } catch {
            // More frames than Int64 counts (a frame of nanoseconds over billions of years) saturates.
            return frameDuration > .zero ? .max : 0
        }
    }

    /// The instruction in force at `time`: the one whose range holds it (the
    /// last one at or past the end).
    public func instruction(at time: MediaTime) -> VideoCompositionInstruction? {
        var low = 0, high = instructions.count
        while low < high {
            let mid = (low + high) / 2
            if instructions[mid].timeRange.end <= time { low = mid + 1 } else { high = mid }
        }
        return low < instructions.count ? instructions[low] : instructions.last
    }
}
