internal import CFFmpeg

// FFmpeg's colour enums to and from their names.

/// The names of the colours FFmpeg's values state; unspecified ones (and
/// reserved values without a name) are nil.
func colourNames(range: AVColorRange, primaries: AVColorPrimaries, transfer: AVColorTransferCharacteristic,
                 matrix: AVColorSpace, chromaLocation: AVChromaLocation) -> ColourNames {
    func name(_ text: UnsafePointer<CChar>?, unspecified: Bool) -> String? {
        unspecified ? nil : text.map { String(cString: $0) }
    }
    return (range: name(av_color_range_name(range), unspecified: range == AVCOL_RANGE_UNSPECIFIED),
            primaries: name(av_color_primaries_name(primaries), unspecified: primaries == AVCOL_PRI_UNSPECIFIED),
            transfer: name(av_color_transfer_name(transfer), unspecified: transfer == AVCOL_TRC_UNSPECIFIED),
            matrix: name(av_color_space_name(matrix), unspecified: matrix == AVCOL_SPC_UNSPECIFIED),
            chromaLocation: name(av_chroma_location_name(chromaLocation), unspecified: chromaLocation == AVCHROMA_LOC_UNSPECIFIED))
}

/// A stream's colours, as its codec parameters state them.
func colourNames(of parameters: AVCodecParameters) -> ColourNames {
    colourNames(range: parameters.color_range, primaries: parameters.color_primaries, transfer: parameters.color_trc,
                matrix: parameters.color_space, chromaLocation: parameters.chroma_location)
}

/// Sets an encoder's colour fields to `colour` (before `avcodec_open2`); nil leaves a field unspecified.
///
/// - Throws: `unsupported` for a name FFmpeg does not know, naming it.
func apply(_ colour: ColourNames, to context: UnsafeMutablePointer<AVCodecContext>, path: String) throws(FFmpegError) {
    func value(_ name: String?, _ what: String, _ parse: (UnsafePointer<CChar>) -> Int32) throws(FFmpegError) -> UInt32? {
        guard let name else { return nil }
        let parsed = name.withCString(parse)
        guard parsed >= 0 else { throw .unsupported(path: path, reason: "unknown colour \(what) \"\(name)\"") }
        return UInt32(parsed)
    }
    if let v = try value(colour.range, "range", av_color_range_from_name) { context.pointee.color_range = AVColorRange(rawValue: v) }
    if let v = try value(colour.primaries, "primaries", av_color_primaries_from_name) {
        context.pointee.color_primaries = AVColorPrimaries(rawValue: v)
    }
    if let v = try value(colour.transfer, "transfer", av_color_transfer_from_name) {
        context.pointee.color_trc = AVColorTransferCharacteristic(rawValue: v)
    }
    if let v = try value(colour.matrix, "matrix", av_color_space_from_name) { context.pointee.colorspace = AVColorSpace(rawValue: v) }
    if let v = try value(colour.chromaLocation, "chroma location", av_chroma_location_from_name) {
        context.pointee.chroma_sample_location = AVChromaLocation(rawValue: v)
    }
}
