/// Planar float audio that owns its memory: ``channelCount`` channels of
/// ``capacity`` frames each, silence when made, freed when the buffer goes away.
///
/// The one owner of audio memory in Mixdown, after Symphonia's `AudioBuffer`: a
/// render's bus, a track's block, a decoder's or an encoder's staging, a
/// limiter's delay line. It cannot be copied, so each buffer has exactly one
/// owner and one `deinit` that frees it. It hands out views of frame ranges,
/// ``AudioSlice`` to read and ``MutableAudioSlice`` to write, and those are what
/// the kernels, decoders, writers, encoders and meters take.
///
/// Ownership: a view borrows, it does not keep the buffer alive. Use it only
/// while the buffer lives (a local buffer lives to the end of its scope, a
/// stored one as long as its owner) and do not keep it past the call it was
/// handed to; copy what you keep. Writes through a mutable view change the
/// buffer, and the owner that took it (``mutableSlice(_:)`` is `mutating`)
/// decides who writes when.
///
/// Memory: one allocation; each channel (plane) starts on a 64-byte boundary
/// (a cache line, one AVX-512 vector), the planes a whole number of cache lines
/// apart. Samples are `Float`, 1.0 full scale.
public struct AudioBuffer: ~Copyable {
    /// Channels (planes): 2 for stereo, left then right.
    public let channelCount: Int
    /// Frames each channel holds.
    public let capacity: Int
    /// Floats from the start of one plane to the next: `capacity` rounded up to whole cache lines.
    @usableFromInline let planeStride: Int
    /// Plane 0, frame 0.
    @usableFromInline let storage: UnsafeMutablePointer<Float>

    /// Alignment of every plane, in bytes.
    public static let planeAlignment = 64

    /// A buffer of `capacity` frames of `channelCount` channels (stereo by default), silent.
    ///
    /// - Precondition: `channelCount` at least 1, `capacity` at least 0.
    public init(channelCount: Int = 2, capacity: Int) {
        precondition(channelCount >= 1 && capacity >= 0, "an audio buffer of \(channelCount) channels of \(capacity) frames")
        let floatsPerLine = Self.planeAlignment / MemoryLayout<Float>.stride
        self.channelCount = channelCount
        self.capacity = capacity
        planeStride = (capacity + floatsPerLine - 1) / floatsPerLine * floatsPerLine
        // At least one float: a buffer of no frames still has a (never read) address for its views.
        let floats = max(1, planeStride * channelCount)
        storage = UnsafeMutableRawPointer.allocate(byteCount: floats * MemoryLayout<Float>.stride, alignment: Self.planeAlignment)
            .initializeMemory(as: Float.self, repeating: 0, count: floats)
    }

    /// A buffer holding `channels` (one array per channel, of equal lengths), as many frames as they have.
    public init(copying channels: [[Float]]) {
        precondition(!channels.isEmpty && channels.allSatisfy { $0.count == channels[0].count },
                     "channels of unequal lengths: \(channels.map(\.count))")
        self.init(channelCount: channels.count, capacity: channels[0].count)
        for (index, samples) in channels.enumerated() {
            _ = UnsafeMutableBufferPointer(start: storage + index * planeStride, count: capacity).update(from: samples)
        }
    }

    deinit {
        UnsafeMutableRawPointer(storage).deallocate()
    }

    /// A view of `frames` (within ``capacity``), to read.
    @inlinable
    public func slice(_ frames: some RangeExpression<Int>) -> AudioSlice {
        let range = bounds(frames)
        return AudioSlice(base: storage + range.lowerBound, planeStride: planeStride, channelCount: channelCount,
                          count: range.count)
    }

    /// A view of `frames` (within ``capacity``), to write.
    @inlinable
    public mutating func mutableSlice(_ frames: some RangeExpression<Int>) -> MutableAudioSlice {
        let range = bounds(frames)
        return MutableAudioSlice(base: storage + range.lowerBound, planeStride: planeStride, channelCount: channelCount,
                                 count: range.count)
    }

    /// `frames` as a range of this buffer's frames, checked.
    @inlinable
    func bounds(_ frames: some RangeExpression<Int>) -> Range<Int> {
        let range = frames.relative(to: 0..<capacity)
        precondition(range.lowerBound >= 0 && range.upperBound <= capacity,
                     "frames \(range) of an audio buffer of \(capacity)")
        return range
    }
}

/// A buffer may be handed to another thread, and read from several: it owns its
/// memory alone (it cannot be copied), and writing through it takes `mutating`
/// access, which Swift keeps exclusive. Its views are not `Sendable`.
extension AudioBuffer: @unchecked Sendable {}
