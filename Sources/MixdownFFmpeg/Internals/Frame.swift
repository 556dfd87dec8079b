internal import CFFmpeg

/// An `AVFrame` owned by Swift: decoded (or to be encoded) audio samples.
///
/// A frame is reused: a decoder fills it, `unref()` releases its buffers.
package final class Frame {
    let pointer: UnsafeMutablePointer<AVFrame>

    package init() { pointer = av_frame_alloc() }

    deinit {
        var p: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&p)
    }

    /// Samples per channel in the frame; 0 for a frame that has no buffer yet.
    package var sampleCount: Int {
        get { Int(pointer.pointee.nb_samples) }
        set { pointer.pointee.nb_samples = Int32(newValue) }
    }

    /// A decoded audio frame's sample rate, in Hz: a FLAC stream may change it mid-way.
    package var sampleRate: Int32 { pointer.pointee.sample_rate }

    /// Presentation timestamp in ticks of the codec's time base, or nil when unset.
    package var pts: Int64? {
        get { let value = pointer.pointee.pts; return value == MX_NOPTS_VALUE ? nil : value }
        set { pointer.pointee.pts = newValue ?? MX_NOPTS_VALUE }
    }

    /// A decoded frame's timestamp: the decoder's best effort, else the pts, else nil.
    package var timestamp: Int64? {
        let bestEffort = pointer.pointee.best_effort_timestamp
        return bestEffort == MX_NOPTS_VALUE ? pts : bestEffort
    }

    /// Channel `channel` of a decoded frame of planar float samples (`fltp`,
    /// what FFmpeg's AAC decoder gives), `sampleCount` samples; nil for any
    /// other sample format or a channel the frame does not have.
    package func planarFloat(channel: Int) -> UnsafePointer<Float>? {
        guard pointer.pointee.format == AV_SAMPLE_FMT_FLTP.rawValue, channel < Int(pointer.pointee.ch_layout.nb_channels),
              let data = pointer.pointee.extended_data?[channel] else { return nil }
        return UnsafeRawPointer(data).assumingMemoryBound(to: Float.self)
    }

    /// Makes the frame's buffers the frame's own, copying them only if a codec
    /// still holds a reference (`av_frame_make_writable`).
    package func makeWritable() -> FFmpegStatus {
        FFmpegStatus(av_frame_make_writable(pointer))
    }

    /// Releases the frame's buffers, ready for the next decode.
    package func unref() {
        av_frame_unref(pointer)
    }
}
