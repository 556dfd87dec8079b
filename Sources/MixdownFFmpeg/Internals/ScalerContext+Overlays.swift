internal import CFFmpeg
package import MixdownDSP
package import MixdownUnits

// libswscale for overlays: a decoded image to 32-bit pixels, planes scaled, and
// R'G'B' planes to Y'CbCr. Alpha never passes through a conversion here:
// libswscale 5.1 reads 8-bit alpha from packed RGBA as a·(1 + 1/256) and gives
// back a + 1 for 128…254 (measured), so alpha is split off by the DSP kernels
// and travels as a plane of its own, or is copied by a plain shuffle.

extension ScalerContext {
    /// The pixel format of `OverlayImage` (Cairo's ARGB32: native-endian
    /// 0xAARRGGBB words), as libswscale names it for this machine's byte order.
    static var overlayFormat: AVPixelFormat {
        #if _endian(little)
        AV_PIX_FMT_BGRA
        #else
        AV_PIX_FMT_ARGB
        #endif
    }

    /// Converts a decoded picture of the same size into `image`, as straight
    /// (not premultiplied) pixels: R'G'B' as they are, or Y'CbCr (JPEG, WebP) to
    /// full-range R'G'B' by the frame's range and BT.601, chroma interpolated to
    /// every pixel; alpha as the frame has it, opaque when it has none.
    ///
    /// - Throws: `unreadableMedia` when the frame has no known format or another
    ///   size; `unsupported` when libswscale cannot convert it.
    package func convert(_ frame: Frame, intoPixels image: OverlayImage, path: String) throws(FFmpegError) {
        let format = AVPixelFormat(rawValue: frame.pointer.pointee.format)
        guard format != AV_PIX_FMT_NONE, frame.width == image.width, frame.height == image.height else {
            throw .unreadableMedia(path: path, reason: "a decoded image of \(frame.width)×\(frame.height) in no known pixel format")
        }
        let sws = try prepare(Conversion(
            sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: format,
            targetWidth: image.width, targetHeight: image.height, targetFormat: Self.overlayFormat,
            flags: SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP,
            sourceFullRange: frame.isFullRange || Self.isRGB(format), targetFullRange: true, matrix: nil), path: path)
        let planes = (0..<4).map { frame.plane($0) }
        let status = Self.run(sws, sources: planes.map { UnsafePointer($0.data) }, sourceStrides: planes.map(\.stride),
                              sourceHeight: frame.height, targets: [image.base], targetStrides: [image.stride])
        guard status > 0 else { throw .unsupported(path: path, reason: "libswscale failed: \(FFmpegStatus(status).message)") }
    }

    /// Whether `format` holds R'G'B' (packed, planar or a palette), whose samples are full range.
    private static func isRGB(_ format: AVPixelFormat) -> Bool {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
        return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL) != 0
    }

    /// Scales four planes (`source`) into four planes of another size (`target`),
    /// each filtered alike with `method` and no conversion (libswscale's
    /// `yuva444p` to `yuva444p`, ranges equal): the blue, green, red and alpha of
    /// a premultiplied overlay, so colour and coverage are resampled together.
    ///
    /// - Throws: `unsupported` when libswscale refuses the sizes.
    package func scale(_ source: BytePlanes, into target: BytePlanes, method: Method, path: String) throws(FFmpegError) {
        precondition(source.count == 4 && target.count == 4, "scaling takes four planes")
        let sws = try prepare(Conversion(
            sourceWidth: source.width, sourceHeight: source.height, sourceFormat: AV_PIX_FMT_YUVA444P,
            targetWidth: target.width, targetHeight: target.height, targetFormat: AV_PIX_FMT_YUVA444P,
            flags: Self.flags(method), sourceFullRange: false, targetFullRange: false, matrix: nil), path: path)
        let status = Self.run(sws, sources: (0..<4).map { UnsafePointer(source.base($0)) }, sourceStrides: Array(repeating: source.stride, count: 4),
                              sourceHeight: source.height, targets: (0..<4).map { target.base($0) },
                              targetStrides: Array(repeating: target.stride, count: 4))
        guard status > 0 else { throw .unsupported(path: path, reason: "libswscale failed: \(FFmpegStatus(status).message)") }
    }

    /// Converts R'G'B' planes (`source` planes 0, 1, 2: blue, green, red, full
    /// range) into video-range Y'CbCr 4:4:4 by `matrix` (`target` planes 0, 1, 2:
    /// Y', Cb, Cr) of the same size, rounded accurately.
    ///
    /// - Throws: `unsupported` when libswscale fails.
    package func convert(_ source: BytePlanes, toYCbCr target: BytePlanes, matrix: YCbCrMatrix, path: String) throws(FFmpegError) {
        precondition(source.count >= 3 && target.count >= 3 && source.width == target.width && source.height == target.height,
                     "R'G'B' planes convert to Y'CbCr planes of their size")
        let sws = try prepare(Conversion(
            sourceWidth: source.width, sourceHeight: source.height, sourceFormat: AV_PIX_FMT_GBRP,
            targetWidth: target.width, targetHeight: target.height, targetFormat: AV_PIX_FMT_YUV444P,
            flags: SWS_BICUBIC | SWS_ACCURATE_RND, sourceFullRange: true, targetFullRange: false,
            matrix: matrix.swsColourspace), path: path)
        // libswscale's planar R'G'B' is green, blue, red.
        let status = Self.run(sws, sources: [1, 0, 2].map { UnsafePointer(source.base($0)) }, sourceStrides: Array(repeating: source.stride, count: 3),
                              sourceHeight: source.height, targets: (0..<3).map { target.base($0) },
                              targetStrides: Array(repeating: target.stride, count: 3))
        guard status > 0 else { throw .unsupported(path: path, reason: "libswscale failed: \(FFmpegStatus(status).message)") }
    }
}
