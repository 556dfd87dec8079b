public import MixdownDSP
internal import MixdownFFmpeg

/// Scales `Picture`s to another size with libswscale.
///
/// Both pictures are 4:2:0 video range, 8 or 10 bits (a new picture takes its
/// source's depth); samples are filtered as they are (no change of range or matrix). The libswscale context is kept while the
/// sizes stay the same, so scaling a run of frames costs one setup. Not
/// thread-safe: one scaler per thread.
public final class PictureScaler {
    /// The filter that resamples.
    public enum Method: Sendable {
        /// Bicubic: sharper, ffmpeg's default.
        case bicubic
        /// Bilinear: softer and faster.
        case bilinear
    }

    /// The filter used.
    public let method: Method
    let context = ScalerContext()

    /// A scaler filtering with `method`.
    public init(method: Method = .bicubic) {
        self.method = method
    }

    /// A new picture of `width × height` (each even, at least 2) and `source`'s
    /// depth, holding `source` scaled.
    ///
    /// - Throws: `MediaIOError.unsupported` for a size that is odd or under 2, or
    ///   one libswscale refuses.
    public func scale(_ source: Picture, width: Int, height: Int) throws(MediaIOError) -> Picture {
        guard width >= 2, height >= 2, width % 2 == 0, height % 2 == 0 else {
            throw .unsupported(path: "picture scaler", reason: "a picture's sides must be even and at least 2, not \(width)×\(height)")
        }
        let target = Picture(width: width, height: height, bitDepth: source.bitDepth)
        try scale(source, into: target)
        return target
    }

    /// Fills all of `target` with `source` scaled to `target`'s size (and
    /// converted to its depth when they differ).
    ///
    /// - Throws: `MediaIOError.unsupported` when libswscale refuses the sizes.
    public func scale(_ source: Picture, into target: Picture) throws(MediaIOError) {
        try ffmpeg(context.scale(source, into: target, method: method.scalerMethod, path: "picture scaler"))
    }
}

extension PictureScaler.Method {
    /// The filter as libswscale's context takes it.
    var scalerMethod: ScalerContext.Method {
        switch self {
        case .bicubic: .bicubic
        case .bilinear: .bilinear
        }
    }
}
