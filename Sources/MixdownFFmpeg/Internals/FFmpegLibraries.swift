internal import CFFmpeg

/// The FFmpeg libraries this process runs with.
package enum FFmpegLibraries {
    /// The versions of the libraries whose code decides decoded and resampled
    /// samples (libavcodec, libavformat, libswresample, libavutil, as their
    /// `*_VERSION_INT` numbers), with `av_version_info`: a decode by another
    /// build may give other samples.
    package static var decodingVersions: String {
        "ffmpeg \(av_version_info().map { String(cString: $0) } ?? "?") avcodec \(avcodec_version()) "
            + "avformat \(avformat_version()) swresample \(swresample_version()) avutil \(avutil_version())"
    }

    /// libavfilter's version (`avfilter_version`): another may filter differently.
    /// Opens libavfilter; `avfilter none` when it cannot be (no graph can be built then).
    package static var filteringVersions: String {
        "avfilter " + ((try? LibAVFilter.functions(for: "libavfilter").version()).map { "\($0)" } ?? "none")
    }
}
