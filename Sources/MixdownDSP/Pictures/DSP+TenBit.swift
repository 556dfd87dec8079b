// The picture kernels at 10 bits: samples in 16-bit words (FFmpeg's
// `yuv420p10le`), with the arithmetic of their 8-bit forms (the same weights,
// alphas and roundings). Fills and blends of 10-bit `Picture`s run on these;
// copies of rows are plain memory copies at either depth.

extension DSP {
    /// Blends two rows of 10-bit samples: `dst[i] = (a[i]·(256 − weight) + b[i]·weight + 128) >> 8`.
    ///
    /// `lerp(into:_:_:weight:count:)` on 16-bit words: exact integer arithmetic
    /// (rounded half up, 32-bit intermediates), the same bits from either build;
    /// `weight` 0 gives `a`, 256 gives `b`. `dst` may be `a` or `b`.
    ///
    /// - Parameters:
    ///   - dst: `count` samples, written.
    ///   - a: `count` samples, the picture faded out.
    ///   - b: `count` samples, the picture faded in.
    ///   - weight: `b`'s share in 256ths, clamped to 0...256.
    ///   - count: Number of samples; `0` does nothing.
    public static func lerp(into dst: UnsafeMutablePointer<UInt16>, _ a: UnsafePointer<UInt16>, _ b: UnsafePointer<UInt16>,
                            weight: Int, count: Int) {
        KernelBuild.current.lerpWords(dst, a, b, Int32(min(256, max(0, weight))), count)
    }

    /// Writes one 16-bit value into every element: `dst[i] = value`.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, written.
    ///   - value: The value to store.
    ///   - count: Number of elements; `0` does nothing.
    public static func fill(_ dst: UnsafeMutablePointer<UInt16>, value: UInt16, count: Int) {
        KernelBuild.current.fillWords(dst, value, count)
    }

    /// Draws premultiplied 8-bit overlay samples over a row of 10-bit samples:
    /// `alphaOver(into:_:alpha:offset:opacity:count:)` at 10 bits.
    ///
    /// The source sample is ×4 (exact: an 8-bit code's 10-bit value) before
    /// blending; `offset` is the samples' zero at 10 bits (64 for video-range
    /// luma, 512 for chroma). Then, with `a` the alpha in 0...255 and `w` the
    /// opacity in 256ths, `dst = offset + (4·src − offset)·w/256 + (dst − offset)·(1 − a·w/65280)`,
    /// single precision in the 8-bit kernel's order, clamped to 0...1023, rounded half up.
    ///
    /// - Parameters:
    ///   - dst: `count` 10-bit samples, read and written.
    ///   - src: `count` premultiplied 8-bit samples.
    ///   - alpha: `count` alphas, 0 transparent to 255 opaque.
    ///   - offset: The samples' zero at 10 bits (64 or 512).
    ///   - opacity: The overlay's opacity in 256ths, clamped to 0...256.
    ///   - count: Number of samples; `0` does nothing.
    public static func alphaOver(into dst: UnsafeMutablePointer<UInt16>, _ src: UnsafePointer<UInt8>, alpha: UnsafePointer<UInt8>,
                                 offset: UInt16, opacity: Int, count: Int) {
        KernelBuild.current.alphaOverWords(dst, src, alpha, Int32(offset), Int32(min(256, max(0, opacity))), count)
    }

    /// Draws premultiplied 10-bit overlay samples over a row of 10-bit samples:
    /// the 8-bit-overlay form's arithmetic with the source as it is (not ×4).
    ///
    /// For overlays placed in an HDR picture by a colour conversion (their
    /// samples are 10-bit codes, their alpha still 8-bit coverage):
    /// `dst = offset + (src − offset)·w/256 + (dst − offset)·(1 − a·w/65280)`,
    /// single precision in the same order, clamped to 0...1023, rounded half up.
    ///
    /// - Parameters:
    ///   - dst: `count` 10-bit samples, read and written.
    ///   - src: `count` premultiplied 10-bit samples.
    ///   - alpha: `count` alphas, 0 transparent to 255 opaque.
    ///   - offset: The samples' zero at 10 bits (64 or 512).
    ///   - opacity: The overlay's opacity in 256ths, clamped to 0...256.
    ///   - count: Number of samples; `0` does nothing.
    public static func alphaOver(into dst: UnsafeMutablePointer<UInt16>, _ src: UnsafePointer<UInt16>, alpha: UnsafePointer<UInt8>,
                                 offset: UInt16, opacity: Int, count: Int) {
        KernelBuild.current.alphaOverWords16(dst, src, alpha, Int32(offset), Int32(min(256, max(0, opacity))), count)
    }
}
