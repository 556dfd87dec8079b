internal import CZimg

/// One zimg filter graph (`zimg_filter_graph`) and the temporary buffer it runs
/// in, both made once and freed with it.
///
/// zimg's graphs are immutable and the library keeps no global state, but the
/// temporary buffer is this object's: one thread at a time.
final class ZimgGraph {
    private let graph: OpaquePointer
    private let temporary: UnsafeMutableRawPointer

    /// zimg's alignment for plane bases and strides (`ZIMG_CPU_AUTO`, up to AVX2).
    static let alignment = 32

    /// A graph converting `source` into `target`.
    ///
    /// `nominalPeakLuminance` is zimg's `nominal_peak_luminance`: the cd/m² that
    /// linear 1.0 of a relative (SDR) transfer stands for when an absolute (PQ) or
    /// display-referred HLG transfer is on the other side, and the unit of linear
    /// light a graph to or from `linearRGB` uses with PQ or HLG. HLG is always
    /// display-referred here (zimg's C API has no scene-referred switch and uses
    /// the display-referred form whenever primaries are given): BT.2100's OOTF for
    /// a 1000 cd/m² display, γ = 1.2, on the luminance of the BT.2020 (or given) primaries.
    /// `approximateTransfers` is zimg's `allow_approximate_gamma`: transfers by
    /// lookup tables instead of zimg's exact scalar functions (which is where
    /// its time goes: Debian's zimg 3.0.4 has no vectorised exact transfers);
    /// it also turns HLG's OOTF into a per-channel one, so graphs with HLG never set it.
    init(from source: ZimgImage, to target: ZimgImage, nominalPeakLuminance: Double,
         approximateTransfers: Bool) throws(ColourConversionError) {
        var sourceFormat = try Self.format(source)
        var targetFormat = try Self.format(target)
        var parameters = zimg_graph_builder_params()
        zimg_graph_builder_params_default(&parameters, MX_ZIMG_API_VERSION)
        parameters.nominal_peak_luminance = nominalPeakLuminance
        // Round to nearest (the default, said here because the tests hold it):
        // a conversion is deterministic and a same-depth round trip exact.
        parameters.dither_type = ZIMG_DITHER_NONE
        parameters.cpu_type = ZIMG_CPU_AUTO
        parameters.allow_approximate_gamma = approximateTransfers ? 1 : 0
        guard let graph = zimg_filter_graph_build(&sourceFormat, &targetFormat, &parameters) else {
            throw Self.lastError()
        }
        var size = 0
        guard zimg_filter_graph_get_tmp_size(graph, &size) == ZIMG_ERROR_SUCCESS else {
            let error = Self.lastError()
            zimg_filter_graph_free(graph)
            throw error
        }
        self.graph = graph
        temporary = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 64)
    }

    deinit {
        zimg_filter_graph_free(graph)
        temporary.deallocate()
    }

    /// Runs the graph from `source` into `target` (planes in Y, Cb, Cr or R, G, B
    /// order, aligned as `alignment` says: the caller checks).
    func process(from source: YCbCrPlanes, into target: MutableYCbCrPlanes) throws(ColourConversionError) {
        var input = zimg_image_buffer_const()
        input.version = MX_ZIMG_API_VERSION
        mx_zimg_set_input_plane(&input, 0, source.y, source.yStride)
        mx_zimg_set_input_plane(&input, 1, source.cb, source.cbStride)
        mx_zimg_set_input_plane(&input, 2, source.cr, source.crStride)
        var output = zimg_image_buffer()
        output.version = MX_ZIMG_API_VERSION
        mx_zimg_set_output_plane(&output, 0, target.y, target.yStride)
        mx_zimg_set_output_plane(&output, 1, target.cb, target.cbStride)
        mx_zimg_set_output_plane(&output, 2, target.cr, target.crStride)
        guard zimg_filter_graph_process(graph, &input, &output, temporary, nil, nil, nil, nil) == ZIMG_ERROR_SUCCESS else {
            throw Self.lastError()
        }
    }

    private static func lastError() -> ColourConversionError {
        var message = [CChar](repeating: 0, count: 256)
        let code = zimg_get_last_error(&message, message.count)
        zimg_clear_last_error()
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return .library(code: Int(code.rawValue), message: text)
    }

    private static func format(_ image: ZimgImage) throws(ColourConversionError) -> zimg_image_format {
        var format = zimg_image_format()
        zimg_image_format_default(&format, MX_ZIMG_API_VERSION)
        format.width = UInt32(image.width)
        format.height = UInt32(image.height)
        switch image.kind {
        case let .ycbcr(ycbcr):
            guard ycbcr.bitDepth == 8 || ycbcr.bitDepth == 10 else { throw .unsupportedBitDepth(ycbcr.bitDepth) }
            let colour = ycbcr.colour
            format.pixel_type = ycbcr.bitDepth == 8 ? ZIMG_PIXEL_BYTE : ZIMG_PIXEL_WORD
            format.depth = UInt32(ycbcr.bitDepth)
            format.subsample_w = ycbcr.isSubsampled ? 1 : 0
            format.subsample_h = ycbcr.isSubsampled ? 1 : 0
            format.color_family = ZIMG_COLOR_YUV
            format.matrix_coefficients = try matrix(colour.matrix)
            format.transfer_characteristics = try transfer(colour.transfer)
            format.color_primaries = try primaries(colour.primaries)
            format.pixel_range = try range(colour.range)
            format.chroma_location = try chromaLocation(colour.chromaLocation)
        case let .linearRGB(primaries):
            format.pixel_type = ZIMG_PIXEL_FLOAT
            format.color_family = ZIMG_COLOR_RGB
            format.matrix_coefficients = ZIMG_MATRIX_RGB
            format.transfer_characteristics = ZIMG_TRANSFER_LINEAR
            format.color_primaries = try Self.primaries(primaries)
            format.pixel_range = ZIMG_RANGE_FULL
        }
        return format
    }

    private static func matrix(_ name: String) throws(ColourConversionError) -> zimg_matrix_coefficients_e {
        switch name {
        case "bt709": ZIMG_MATRIX_BT709
        case "bt2020nc": ZIMG_MATRIX_BT2020_NCL
        case "bt2020c": ZIMG_MATRIX_BT2020_CL
        case "smpte170m": ZIMG_MATRIX_ST170_M
        case "bt470bg": ZIMG_MATRIX_BT470_BG
        default: throw .unsupported(property: "matrix", name: name)
        }
    }

    private static func transfer(_ name: String) throws(ColourConversionError) -> zimg_transfer_characteristics_e {
        switch name {
        case "bt709": ZIMG_TRANSFER_BT709
        case "smpte170m": ZIMG_TRANSFER_BT601
        case "bt2020-10": ZIMG_TRANSFER_BT2020_10
        case "bt2020-12": ZIMG_TRANSFER_BT2020_12
        case "arib-std-b67": ZIMG_TRANSFER_ARIB_B67
        case "smpte2084": ZIMG_TRANSFER_ST2084
        default: throw .unsupported(property: "transfer", name: name)
        }
    }

    private static func primaries(_ name: String) throws(ColourConversionError) -> zimg_color_primaries_e {
        switch name {
        case "bt709": ZIMG_PRIMARIES_BT709
        case "bt2020": ZIMG_PRIMARIES_BT2020
        case "smpte170m": ZIMG_PRIMARIES_ST170_M
        case "bt470bg": ZIMG_PRIMARIES_BT470_BG
        case "smpte432": ZIMG_PRIMARIES_ST432_1
        default: throw .unsupported(property: "primaries", name: name)
        }
    }

    private static func range(_ name: String) throws(ColourConversionError) -> zimg_pixel_range_e {
        switch name {
        case "tv": ZIMG_RANGE_LIMITED
        case "pc": ZIMG_RANGE_FULL
        default: throw .unsupported(property: "range", name: name)
        }
    }

    private static func chromaLocation(_ name: String) throws(ColourConversionError) -> zimg_chroma_location_e {
        switch name {
        // H.264's and HEVC's default when the stream says nothing.
        case "left", "unspecified": ZIMG_CHROMA_LEFT
        case "center": ZIMG_CHROMA_CENTER
        case "topleft": ZIMG_CHROMA_TOP_LEFT
        case "top": ZIMG_CHROMA_TOP
        case "bottomleft": ZIMG_CHROMA_BOTTOM_LEFT
        case "bottom": ZIMG_CHROMA_BOTTOM
        default: throw .unsupported(property: "chroma location", name: name)
        }
    }
}
