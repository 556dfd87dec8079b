// The kernels of overlays: premultiplying decoded pixels, taking pixels apart
// into planes and back (libswscale scales and converts planes), halving a plane
// for 4:2:0 chroma, and the premultiplied alpha-over that draws an overlay.
// Exact integer arithmetic but for `alphaOver`, which is single precision with
// every operation in a fixed order: the same bits from either build.

extension DSP {
    /// Premultiplies `count` pixels in place (``OverlayImage``'s layout: native-endian
    /// `0xAARRGGBB` words): each colour becomes `round(colour × alpha / 255)`, alpha stays.
    ///
    /// - Parameters:
    ///   - pixels: `count` words, read and written.
    ///   - count: Number of pixels; `0` does nothing.
    public static func premultiply(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        KernelBuild.current.premultiplyARGB32(pixels, count)
    }

    /// Splits `count` pixels (native-endian `0xAARRGGBB` words) into four planes of bytes.
    ///
    /// - Parameters:
    ///   - pixels: `count` words, read.
    ///   - blue: `count` bytes, written.
    ///   - green: `count` bytes, written.
    ///   - red: `count` bytes, written.
    ///   - alpha: `count` bytes, written.
    ///   - count: Number of pixels; `0` does nothing.
    public static func split(_ pixels: UnsafePointer<UInt32>, blue: UnsafeMutablePointer<UInt8>, green: UnsafeMutablePointer<UInt8>,
                             red: UnsafeMutablePointer<UInt8>, alpha: UnsafeMutablePointer<UInt8>, count: Int) {
        KernelBuild.current.splitARGB32(pixels, blue, green, red, alpha, count)
    }

    /// Joins four planes into `count` premultiplied pixels (native-endian
    /// `0xAARRGGBB` words), each colour clamped to its alpha: what a filter that
    /// overshoots (bicubic ringing) leaves above its alpha is not a premultiplied colour.
    ///
    /// - Parameters:
    ///   - pixels: `count` words, written.
    ///   - blue: `count` bytes, read.
    ///   - green: `count` bytes, read.
    ///   - red: `count` bytes, read.
    ///   - alpha: `count` bytes, read.
    ///   - count: Number of pixels; `0` does nothing.
    public static func merge(into pixels: UnsafeMutablePointer<UInt32>, blue: UnsafePointer<UInt8>, green: UnsafePointer<UInt8>,
                             red: UnsafePointer<UInt8>, alpha: UnsafePointer<UInt8>, count: Int) {
        KernelBuild.current.mergeARGB32(pixels, blue, green, red, alpha, count)
    }

    /// Halves two rows into one: `dst[i]` is the mean of the 2×2 samples
    /// `row0[2i]`, `row0[2i+1]`, `row1[2i]`, `row1[2i+1]`, rounded half up (a
    /// 4:2:0 chroma sample from the four it covers).
    ///
    /// - Parameters:
    ///   - dst: `count` samples, written; not one of the rows.
    ///   - row0: `2 × count` samples, read.
    ///   - row1: `2 × count` samples, read (it may be `row0`).
    ///   - count: Number of outputs; `0` does nothing.
    public static func average2x2(into dst: UnsafeMutablePointer<UInt8>, _ row0: UnsafePointer<UInt8>, _ row1: UnsafePointer<UInt8>,
                                  count: Int) {
        KernelBuild.current.average2x2Bytes(dst, row0, row1, count)
    }

    /// Draws premultiplied samples over a row: alpha-over, with an extra opacity.
    ///
    /// Samples count from `offset`, their value for nothing (16 for video-range
    /// luma, 128 for chroma): a premultiplied source sample is
    /// `offset + alpha × (colour − offset)`, as libswscale gives it when it
    /// converts premultiplied R'G'B' as if it were straight. Then, with `a` the
    /// alpha in 0...255 and `w` the opacity in 256ths,
    /// `dst = offset + (src − offset)·w/256 + (dst − offset)·(1 − a·w/65280)`,
    /// the alpha-over `src' + dst·(1 − α)` of samples shifted by `offset`. Single
    /// precision, clamped to 0...255, rounded half up: alpha 0 keeps `dst` where
    /// `src` is `offset`, alpha 255 at opacity 256 gives `src`.
    ///
    /// - Parameters:
    ///   - dst: `count` samples, read and written.
    ///   - src: `count` premultiplied samples.
    ///   - alpha: `count` alphas, 0 transparent to 255 opaque.
    ///   - offset: The samples' zero (16 or 128).
    ///   - opacity: The overlay's opacity in 256ths, clamped to 0...256.
    ///   - count: Number of samples; `0` does nothing.
    public static func alphaOver(into dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>, alpha: UnsafePointer<UInt8>,
                                 offset: UInt8, opacity: Int, count: Int) {
        KernelBuild.current.alphaOverBytes(dst, src, alpha, Int32(offset), Int32(min(256, max(0, opacity))), count)
    }
}
