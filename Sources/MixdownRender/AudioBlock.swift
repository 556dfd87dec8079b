import MixdownDSP

/// A block of the rendered stereo bus, handed to a sink: its frames as a view,
/// and where they are on the timeline.
///
/// The view borrows the renderer's bus and is valid only during the sink call;
/// copy what you keep. Hand ``audio`` on to a writer, an encoder or a meter.
public struct AudioBlock {
    /// Timeline index of the block's first sample, at the renderer's sample rate.
    public let firstSample: Int64
    /// The block's frames: two channels, left then right.
    public let audio: AudioSlice

    /// Frames in the block.
    public var count: Int { audio.count }
    /// The left channel, ``count`` samples.
    public var left: UnsafeBufferPointer<Float> { audio.left }
    /// The right channel, ``count`` samples.
    public var right: UnsafeBufferPointer<Float> { audio.right }
}
