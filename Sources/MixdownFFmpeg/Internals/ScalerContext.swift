internal import CFFmpeg
package import MixdownDSP
package import MixdownUnits

/// A libswscale context (`SwsContext`), freed with it: converts decoded frames to
/// `Picture`s, scales pictures, and turns them into RGB.
///
/// The context is made for one conversion (sizes, pixel formats, filter, ranges)
/// and kept while the next call asks for the same one. It is set up with
/// `sws_alloc_context`, its options and `sws_init_context` rather than
/// `sws_getCachedContext`, because the ranges must be known when it is
/// initialised: libswscale picks a plain copy for same-size, same-format
/// conversions whose ranges are equal at that moment, and a range set afterwards
/// (`sws_setColorspaceDetails`) would not undo that choice.
package final class ScalerContext {
    /// The filter that resamples when sizes change.
    package enum Method: Sendable {
        /// Bicubic (`SWS_BICUBIC`).
        case bicubic
        /// Bilinear (`SWS_BILINEAR`).
        case bilinear
    }

    /// One conversion; the context is remade when it changes.
    struct Conversion: Equatable {
        var sourceWidth: Int
        var sourceHeight: Int
        var sourceFormat: AVPixelFormat
        var targetWidth: Int
        var targetHeight: Int
        var targetFormat: AVPixelFormat
        var flags: Int32
        var sourceFullRange: Bool
        var targetFullRange: Bool
        /// The Y'CbCr matrix (`SWS_CS_*`) of a conversion to or from RGB; nil between
        /// Y'CbCr formats, where samples keep their matrix.
        var matrix: Int32?
    }

    private var context: OpaquePointer?
    private var conversion: Conversion?

    /// A context that makes its libswscale context on first use.
    package init() {}

    deinit { sws_freeContext(context) }

    /// Converts `frame` into `picture` (4:2:0, video range, at the picture's
    /// depth: `yuv420p` or `yuv420p10le`): a plain copy when the frame is already
    /// that, else libswscale. When `picture` is the frame's size rounded down to
    /// even, an odd last row or column is left out; any other size scales the
    /// whole frame with `method`.
    ///
    /// Between depths libswscale's unscaled converter shifts video-range samples:
    /// 8 bits to 10 is ×4 exactly (`yuv420p` → `yuv420p10le` keeps every code ×4),
    /// 10 bits to 8 rounds with libswscale's ordered dither, as ffmpeg's does.
    ///
    /// - Throws: `decodeFailed` when the frame has no known format or libswscale fails.
    package func convert(_ frame: Frame, into picture: Picture, method: Method, path: String) throws(FFmpegError) {
        let cropping = picture.width == frame.width & ~1 && picture.height == frame.height & ~1
        if cropping, frame.isVideoRangeYUV420(bitDepth: picture.bitDepth) {
            frame.copyPlanes(into: picture)
            return
        }
        let format = AVPixelFormat(rawValue: frame.pointer.pointee.format)
        guard format != AV_PIX_FMT_NONE else { throw .decodeFailed(path: path, reason: "a decoded frame has no pixel format") }
        let sws = try prepare(Conversion(
            sourceWidth: cropping ? picture.width : frame.width, sourceHeight: cropping ? picture.height : frame.height,
            sourceFormat: format, targetWidth: picture.width, targetHeight: picture.height, targetFormat: Self.format(of: picture),
            flags: Self.flags(method), sourceFullRange: frame.isFullRange, targetFullRange: false, matrix: nil), path: path)
        let planes = (0..<4).map { frame.plane($0) }
        try run(sws, source: planes.map { UnsafePointer($0.data) }, sourceStrides: planes.map(\.stride),
                sourceHeight: cropping ? picture.height : frame.height, target: picture, path: path)
    }

    /// Scales all of `source` into all of `target`, both 4:2:0 (each at its own
    /// depth: libswscale converts when they differ).
    ///
    /// - Throws: `unsupported` when libswscale refuses the sizes.
    package func scale(_ source: Picture, into target: Picture, method: Method, path: String) throws(FFmpegError) {
        let sws = try prepare(Conversion(
            sourceWidth: source.width, sourceHeight: source.height, sourceFormat: Self.format(of: source),
            targetWidth: target.width, targetHeight: target.height, targetFormat: Self.format(of: target),
            flags: Self.flags(method), sourceFullRange: false, targetFullRange: false, matrix: nil), path: path)
        try run(sws, source: Self.planes(of: source), sourceStrides: Self.strides(of: source),
                sourceHeight: source.height, target: target, path: path)
    }

    /// Converts `picture` (video range, either depth) to full-range RGB by
    /// `matrix` in `frame`, which holds a packed RGB buffer of the same size
    /// (`Frame.allocatePicture`: `rgb24`, or `rgb48be` for 16 bits a sample).
    ///
    /// Chroma is interpolated to every pixel (`SWS_FULL_CHR_H_INT`) and rounded
    /// accurately: the conversion of a still, where quality beats speed.
    ///
    /// - Throws: `unsupported` when libswscale fails.
    package func convertToRGB(_ picture: Picture, into frame: Frame, matrix: YCbCrMatrix, path: String) throws(FFmpegError) {
        let sws = try prepare(Conversion(
            sourceWidth: picture.width, sourceHeight: picture.height, sourceFormat: Self.format(of: picture),
            targetWidth: frame.width, targetHeight: frame.height, targetFormat: AVPixelFormat(rawValue: frame.pointer.pointee.format),
            flags: SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP,
            sourceFullRange: false, targetFullRange: true, matrix: matrix.swsColourspace), path: path)
        let (data, stride) = frame.plane(0)
        let status = Self.run(sws, sources: Self.planes(of: picture), sourceStrides: Self.strides(of: picture),
                              sourceHeight: picture.height, targets: [data], targetStrides: [stride])
        guard status > 0 else { throw .unsupported(path: path, reason: "libswscale failed: \(FFmpegStatus(status).message)") }
    }

    /// The context for `next`: the one kept when it is the same conversion, else a new one.
    func prepare(_ next: Conversion, path: String) throws(FFmpegError) -> OpaquePointer {
        if let context, conversion == next { return context }
        sws_freeContext(context)
        context = nil
        conversion = nil
        guard let sws = sws_alloc_context() else { throw .unsupported(path: path, reason: "libswscale: out of memory") }
        let options: [(String, Int64)] = [
            ("srcw", Int64(next.sourceWidth)), ("srch", Int64(next.sourceHeight)), ("src_format", Int64(next.sourceFormat.rawValue)),
            ("dstw", Int64(next.targetWidth)), ("dsth", Int64(next.targetHeight)), ("dst_format", Int64(next.targetFormat.rawValue)),
            ("sws_flags", Int64(next.flags)),
            ("src_range", next.sourceFullRange ? 1 : 0), ("dst_range", next.targetFullRange ? 1 : 0),
        ]
        var status: Int32 = 0
        for (name, value) in options where status >= 0 {
            status = av_opt_set_int(UnsafeMutableRawPointer(sws), name, value, 0)
        }
        if status >= 0 { status = sws_init_context(sws, nil, nil) }
        if status >= 0, let matrix = next.matrix {
            let coefficients = sws_getCoefficients(matrix)
            status = sws_setColorspaceDetails(sws, coefficients, next.sourceFullRange ? 1 : 0, coefficients,
                                              next.targetFullRange ? 1 : 0, 0, 1 << 16, 1 << 16)
        }
        guard status >= 0 else {
            sws_freeContext(sws)
            let name = { (f: AVPixelFormat) in av_get_pix_fmt_name(f).map { String(cString: $0) } ?? "unknown" }
            throw .unsupported(path: path, reason: "libswscale cannot convert \(next.sourceWidth)×\(next.sourceHeight) "
                + "\(name(next.sourceFormat)) to \(next.targetWidth)×\(next.targetHeight) \(name(next.targetFormat)): "
                + FFmpegStatus(status).message)
        }
        context = sws
        conversion = next
        return sws
    }

    /// Runs `sws` over `sourceHeight` rows of the source planes into all of `target`.
    private func run(_ sws: OpaquePointer, source: [UnsafePointer<UInt8>?], sourceStrides: [Int], sourceHeight: Int,
                     target: Picture, path: String) throws(FFmpegError) {
        let status = Self.run(sws, sources: source, sourceStrides: sourceStrides, sourceHeight: sourceHeight,
                              targets: Self.planes(of: target).map { UnsafeMutablePointer(mutating: $0) },
                              targetStrides: Self.strides(of: target))
        guard status > 0 else { throw .decodeFailed(path: path, reason: "libswscale failed: \(FFmpegStatus(status).message)") }
    }

    /// `sws_scale` over `sourceHeight` rows of up to four source planes into up to
    /// four target planes (missing ones nil, with stride 0): the height of the
    /// output, or a negative `AVERROR`.
    static func run(_ sws: OpaquePointer, sources: [UnsafePointer<UInt8>?], sourceStrides: [Int], sourceHeight: Int,
                    targets: [UnsafeMutablePointer<UInt8>?], targetStrides: [Int]) -> Int32 {
        func four<T>(_ values: [T], _ filler: T) -> [T] { values + Array(repeating: filler, count: 4 - values.count) }
        return four(sources, nil).withUnsafeBufferPointer { sources in
            four(sourceStrides.map(Int32.init), 0).withUnsafeBufferPointer { strides in
                four(targets, nil).withUnsafeBufferPointer { targets in
                    four(targetStrides.map(Int32.init), 0).withUnsafeBufferPointer { targetStrides in
                        sws_scale(sws, sources.baseAddress, strides.baseAddress, 0, Int32(sourceHeight),
                                  targets.baseAddress, targetStrides.baseAddress)
                    }
                }
            }
        }
    }

    static func flags(_ method: Method) -> Int32 {
        switch method {
        case .bicubic: SWS_BICUBIC
        case .bilinear: SWS_BILINEAR
        }
    }

    /// A picture's three planes and a fourth, empty one, as libswscale takes them.
    private static func planes(of picture: Picture) -> [UnsafePointer<UInt8>?] {
        Picture.Plane.allCases.map { UnsafePointer(picture.bytes($0)) } + [nil]
    }

    /// A picture's pixel format: `yuv420p`, or `yuv420p10le` at 10 bits.
    static func format(of picture: Picture) -> AVPixelFormat {
        picture.bitDepth == 10 ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
    }

    private static func strides(of picture: Picture) -> [Int] {
        Picture.Plane.allCases.map { picture.stride($0) } + [0]
    }
}
