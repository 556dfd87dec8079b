/// A view of frames of planar float audio, to read: ``count`` frames of each of
/// ``channelCount`` channels, borrowed from the ``AudioBuffer`` that owns them.
///
/// What every stage of the mix hands on: the renderer's blocks, a decoder's
/// output, what a writer, an encoder, a meter or the limiter takes. A view does
/// not own, copy or retain its samples: it is valid only while its buffer
/// lives, and only for the call it was handed to; copy what you keep. Each
/// channel is an `UnsafeBufferPointer` of ``count`` samples whose
/// `baseAddress` is never nil (an empty view included).
public struct AudioSlice {
    /// Channels per frame: 2 for stereo, left then right.
    public let channelCount: Int
    /// Frames in the view.
    public let count: Int
    /// Channel 0's first frame.
    @usableFromInline let base: UnsafePointer<Float>
    /// Floats from one channel's frame to the same frame of the next channel.
    @usableFromInline let planeStride: Int

    @inlinable
    init(base: UnsafePointer<Float>, planeStride: Int, channelCount: Int, count: Int) {
        self.base = base
        self.planeStride = planeStride
        self.channelCount = channelCount
        self.count = count
    }

    /// The same frames, read-only.
    @inlinable
    public init(_ frames: MutableAudioSlice) {
        self = frames.frames
    }

    /// Whether the view holds no frame.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// Channel `index`'s ``count`` samples.
    @inlinable
    public func channel(_ index: Int) -> UnsafeBufferPointer<Float> {
        precondition(index >= 0 && index < channelCount, "channel \(index) of \(channelCount)")
        return UnsafeBufferPointer(start: base + index * planeStride, count: count)
    }

    /// Channel 0: the left channel of stereo audio.
    @inlinable
    public var left: UnsafeBufferPointer<Float> { channel(0) }

    /// Channel 1: the right channel of stereo audio (a view of one channel has none).
    @inlinable
    public var right: UnsafeBufferPointer<Float> { channel(1) }

    /// `frames` of this view (counted from its first frame), every channel.
    @inlinable
    public func slice(_ frames: some RangeExpression<Int>) -> AudioSlice {
        let range = frames.relative(to: 0..<count)
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "frames \(range) of \(count)")
        return AudioSlice(base: base + range.lowerBound, planeStride: planeStride, channelCount: channelCount, count: range.count)
    }

    /// The same frames of the channels `channels` only (`0..<1`: the left channel, as mono).
    @inlinable
    public func channels(_ channels: Range<Int>) -> AudioSlice {
        precondition(channels.lowerBound >= 0 && channels.upperBound <= channelCount && !channels.isEmpty,
                     "channels \(channels) of \(channelCount)")
        return AudioSlice(base: base + channels.lowerBound * planeStride, planeStride: planeStride,
                          channelCount: channels.count, count: count)
    }
}
