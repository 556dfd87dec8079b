extension DSP {
    /// Writes one value into every sample of every channel of `dst`.
    public static func fill(_ dst: MutableAudioSlice, value: Float) {
        for index in 0..<dst.channelCount {
            fill(dst.channel(index).baseAddress!, value: value, count: dst.count)
        }
    }

    /// The largest absolute value of any sample of any channel; `0` for an empty view.
    ///
    /// Exact; NaN samples are ignored, as in ``peakMagnitude(_:count:)``.
    public static func peakMagnitude(_ src: AudioSlice) -> Float {
        (0..<src.channelCount).reduce(0) { max($0, peakMagnitude(src.channel($1))) }
    }

    /// The largest absolute value among the samples of `src`; `0` when it is empty.
    public static func peakMagnitude(_ src: UnsafeBufferPointer<Float>) -> Float {
        src.baseAddress.map { peakMagnitude($0, count: src.count) } ?? 0
    }

    /// Multiplies every sample of `dst` by one factor, in place.
    public static func scale(_ dst: UnsafeMutableBufferPointer<Float>, by factor: Float) {
        guard let start = dst.baseAddress else { return }
        scale(start, by: factor, count: dst.count)
    }

    /// Adds `src` scaled by one gain into `dst`, channel by channel: `dst[c][i] += src[c][i] * gain`.
    ///
    /// The two views have the same channels and frame count; `dst` may be `src`.
    /// The operations of ``multiplyAccumulate(into:_:gain:count:)`` on each channel in turn.
    public static func multiplyAccumulate(into dst: MutableAudioSlice, _ src: AudioSlice, gain: Float) {
        checkShapes(dst, src)
        for index in 0..<dst.channelCount {
            multiplyAccumulate(into: dst.channel(index).baseAddress!, src.channel(index).baseAddress!, gain: gain, count: dst.count)
        }
    }

    /// Adds `src` scaled sample by sample into `dst`, every channel under the
    /// same gains: `dst[c][i] += src[c][i] * gains[i]`.
    ///
    /// The two views have the same channels and frame count, and `gains` at
    /// least that many factors; `dst` may be `src`. The operations of
    /// ``multiplyAccumulate(into:_:gains:count:)`` on each channel in turn.
    public static func multiplyAccumulate(into dst: MutableAudioSlice, _ src: AudioSlice, gains: UnsafeBufferPointer<Float>) {
        checkShapes(dst, src)
        precondition(gains.count >= dst.count, "\(gains.count) gains for \(dst.count) frames")
        for index in 0..<dst.channelCount {
            multiplyAccumulate(into: dst.channel(index).baseAddress!, src.channel(index).baseAddress!, gains: gains.baseAddress!,
                               count: dst.count)
        }
    }

    /// Interleaves the two channels of `src` into integer PCM codes, rounded to nearest and clipped.
    ///
    /// Sample `x` becomes `round(x × scale)`, limited to `[-scale, scale − 1]`, then
    /// shifted left by `shift` bits (libsndfile's `int` samples are left-aligned).
    /// Ties round to even. NaN becomes 0.
    ///
    /// - Parameters:
    ///   - src: Two channels (left, right), read.
    ///   - codes: `2 × src.count` elements, written L R L R ….
    ///   - scale: 32768 for 16-bit, 8388608 for 24-bit.
    ///   - shift: Bits to shift each code left.
    /// - Returns: the samples that had to be clipped.
    public static func quantise(_ src: AudioSlice, into codes: UnsafeMutablePointer<Int32>, scale: Float, shift: Int32) -> Int {
        precondition(src.channelCount == 2, "quantising \(src.channelCount) channels, not stereo")
        return KernelBuild.current.quantise(src.left.baseAddress!, src.right.baseAddress!, codes, src.count, scale, shift)
    }

    private static func checkShapes(_ dst: MutableAudioSlice, _ src: AudioSlice) {
        precondition(dst.channelCount == src.channelCount && dst.count == src.count,
                     "\(src.channelCount) × \(src.count) frames added into \(dst.channelCount) × \(dst.count)")
    }
}
