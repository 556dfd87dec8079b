/// A block of the rendered stereo bus, handed to a sink.
///
/// The pointers are valid only during the sink call; copy what you keep.
public struct AudioBlock {
    /// Timeline index of the block's first sample, at the renderer's sample rate.
    public let firstSample: Int64
    /// Frames in the block.
    public let count: Int
    /// The left channel, `count` samples.
    public let left: UnsafePointer<Float>
    /// The right channel, `count` samples.
    public let right: UnsafePointer<Float>
}
