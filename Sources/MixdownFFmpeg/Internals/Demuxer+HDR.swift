internal import CFFmpeg

// A video stream's colour facts that need more than its codec parameters' fields:
// the pixel format's depth and the stream's side data.

extension Demuxer {
    /// Bits per luma sample of `parameters`: the pixel format descriptor's, else
    /// `bits_per_raw_sample`; nil when neither is known (a format not analysed).
    static func bitDepth(of parameters: AVCodecParameters) -> Int? {
        if parameters.format >= 0, let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: parameters.format)),
           descriptor.pointee.nb_components > 0 {
            return Int(descriptor.pointee.comp.0.depth)
        }
        return parameters.bits_per_raw_sample > 0 ? Int(parameters.bits_per_raw_sample) : nil
    }

    /// The HDR metadata in `stream`'s side data.
    static func hdrSideData(of stream: UnsafeMutablePointer<AVStream>) -> HDRSideData {
        var hdr = HDRSideData()
        var size = 0
        if let data = av_stream_get_side_data(stream, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, &size),
           size >= MemoryLayout<AVMasteringDisplayMetadata>.size {
            let m = UnsafeRawPointer(data).loadUnaligned(as: AVMasteringDisplayMetadata.self)
            if m.has_primaries != 0 {
                let p = m.display_primaries
                hdr.masteringPrimaries = [(av_q2d(p.0.0), av_q2d(p.0.1)), (av_q2d(p.1.0), av_q2d(p.1.1)),
                                          (av_q2d(p.2.0), av_q2d(p.2.1)), (av_q2d(m.white_point.0), av_q2d(m.white_point.1))]
            }
            if m.has_luminance != 0 {
                hdr.masteringLuminance = (min: av_q2d(m.min_luminance), max: av_q2d(m.max_luminance))
            }
        }
        if let data = av_stream_get_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, &size),
           size >= MemoryLayout<AVContentLightMetadata>.size {
            let light = UnsafeRawPointer(data).loadUnaligned(as: AVContentLightMetadata.self)
            hdr.contentLightLevel = (maxCLL: Int(light.MaxCLL), maxFALL: Int(light.MaxFALL))
        }
        // The record's fields are bytes; FFmpeg 5.1's struct is 8 of them.
        if let data = av_stream_get_side_data(stream, AV_PKT_DATA_DOVI_CONF, &size),
           size >= MemoryLayout<AVDOVIDecoderConfigurationRecord>.size {
            let record = UnsafeRawPointer(data).loadUnaligned(as: AVDOVIDecoderConfigurationRecord.self)
            hdr.dolbyVision = HDRSideData.DolbyVisionRecord(
                versionMajor: Int(record.dv_version_major), versionMinor: Int(record.dv_version_minor),
                profile: Int(record.dv_profile), level: Int(record.dv_level),
                rpuPresent: record.rpu_present_flag != 0, enhancementLayerPresent: record.el_present_flag != 0,
                baseLayerPresent: record.bl_present_flag != 0, baseLayerCompatibility: Int(record.dv_bl_signal_compatibility_id))
        }
        return hdr
    }
}
