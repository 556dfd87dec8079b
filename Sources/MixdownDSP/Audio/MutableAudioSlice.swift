/// A view of frames of planar float audio, to write: ``count`` frames of each of
/// ``channelCount`` channels of the ``AudioBuffer`` that owns them.
///
/// What is filled: a decoder's destination, the bus a renderer mixes into, the
/// limiter's output. Like ``AudioSlice`` it borrows its samples: valid only
/// while its buffer lives and for the call it was handed to. Two views of one
/// buffer may overlap; the callee of each documents whether its input and
/// output may be the same frames. `AudioSlice(_:)` reads the same frames.
public struct MutableAudioSlice {
    /// The same frames, read-only: a buffer's mutable view is its read-only one, with write access.
    @usableFromInline let frames: AudioSlice

    @inlinable
    init(base: UnsafeMutablePointer<Float>, planeStride: Int, channelCount: Int, count: Int) {
        frames = AudioSlice(base: base, planeStride: planeStride, channelCount: channelCount, count: count)
    }

    @inlinable
    init(_ frames: AudioSlice) {
        self.frames = frames
    }

    /// Channels per frame: 2 for stereo, left then right.
    @inlinable
    public var channelCount: Int { frames.channelCount }

    /// Frames in the view.
    @inlinable
    public var count: Int { frames.count }

    /// Whether the view holds no frame.
    @inlinable
    public var isEmpty: Bool { frames.isEmpty }

    /// Channel `index`'s ``count`` samples (`baseAddress` never nil).
    @inlinable
    public func channel(_ index: Int) -> UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(mutating: frames.channel(index))
    }

    /// Channel 0: the left channel of stereo audio.
    @inlinable
    public var left: UnsafeMutableBufferPointer<Float> { channel(0) }

    /// Channel 1: the right channel of stereo audio (a view of one channel has none).
    @inlinable
    public var right: UnsafeMutableBufferPointer<Float> { channel(1) }

    /// `frames` of this view (counted from its first frame), every channel.
    @inlinable
    public func slice(_ frames: some RangeExpression<Int>) -> MutableAudioSlice {
        MutableAudioSlice(self.frames.slice(frames))
    }

    /// Copies `source` (the same channels and frame count) into these frames.
    ///
    /// `source` may be these very frames; other overlaps are not supported.
    @inlinable
    public func update(from source: AudioSlice) {
        precondition(source.channelCount == channelCount && source.count == count,
                     "\(source.channelCount) × \(source.count) frames copied into \(channelCount) × \(count)")
        guard source.base != frames.base else { return }
        for index in 0..<channelCount {
            channel(index).baseAddress!.update(from: source.channel(index).baseAddress!, count: count)
        }
    }
}
