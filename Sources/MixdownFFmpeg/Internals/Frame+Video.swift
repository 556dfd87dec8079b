internal import CFFmpeg
package import MixdownDSP

// A frame as a picture: its size, pixel format, colours, and its planes, for
// the decoder's output and the encoders' input.

extension Frame {
    /// Width in pixels (after the codec's cropping).
    package var width: Int { Int(pointer.pointee.width) }

    /// Height in pixels (after the codec's cropping).
    package var height: Int { Int(pointer.pointee.height) }

    /// FFmpeg's name of the frame's pixel format (`yuv420p10le`), nil when unset.
    var pixelFormatName: String? {
        av_get_pix_fmt_name(AVPixelFormat(rawValue: pointer.pointee.format)).map { String(cString: $0) }
    }

    /// Whether the frame is planar 4:2:0 at `bitDepth` bits (`yuv420p`, or
    /// `yuv420p10le` at 10) in video range, or in an unspecified range: the layout
    /// of a `Picture` of that depth, so its planes can be copied as they are.
    func isVideoRangeYUV420(bitDepth: Int) -> Bool {
        let format = bitDepth == 10 ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
        return pointer.pointee.format == format.rawValue && pointer.pointee.color_range != AVCOL_RANGE_JPEG
    }

    /// Whether the samples are full range: the frame says so, or its pixel format
    /// is one of the `yuvj` formats (JPEG's range).
    package var isFullRange: Bool {
        let format = AVPixelFormat(rawValue: pointer.pointee.format)
        return pointer.pointee.color_range == AVCOL_RANGE_JPEG
            || [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUVJ411P].contains(format)
    }

    /// Whether the decoder marked the frame as decoded but not to be shown
    /// (`AV_FRAME_FLAG_DISCARD`: its packet is outside the edit list).
    package var isMarkedDiscarded: Bool {
        pointer.pointee.flags & AV_FRAME_FLAG_DISCARD != 0
    }

    /// Plane `index`'s first byte and bytes per row.
    package func plane(_ index: Int) -> (data: UnsafeMutablePointer<UInt8>?, stride: Int) {
        let f = pointer.pointee
        switch index {
        case 0: return (f.data.0, Int(f.linesize.0))
        case 1: return (f.data.1, Int(f.linesize.1))
        case 2: return (f.data.2, Int(f.linesize.2))
        default: return (f.data.3, Int(f.linesize.3))
        }
    }

    /// Copies the top-left `picture.width × picture.height` of a video-range
    /// 4:2:0 frame of the picture's depth (`isVideoRangeYUV420(bitDepth:)`) into
    /// `picture`, row by row.
    func copyPlanes(into picture: Picture) {
        for plane in Picture.Plane.allCases {
            let (data, stride) = self.plane(plane.rawValue)
            guard let data else { continue }
            let count = picture.planeWidth(plane) * picture.bytesPerSample
            for r in 0..<picture.planeHeight(plane) {
                (picture.bytes(plane) + r * picture.stride(plane)).update(from: data + r * stride, count: count)
            }
        }
    }

    /// Makes the frame describe `picture` in place (`yuv420p`, or `yuv420p10le`
    /// at 10 bits, its planes and strides, no buffer of its own): an encoder
    /// given it copies the samples (`av_frame_ref` duplicates a frame that holds
    /// no buffer). `unref()` after use.
    package func borrow(_ picture: Picture) {
        let f = pointer
        f.pointee.format = (picture.bitDepth == 10 ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P).rawValue
        f.pointee.width = Int32(picture.width)
        f.pointee.height = Int32(picture.height)
        f.pointee.data.0 = picture.bytes(.y)
        f.pointee.data.1 = picture.bytes(.cb)
        f.pointee.data.2 = picture.bytes(.cr)
        f.pointee.linesize.0 = Int32(picture.stride(.y))
        f.pointee.linesize.1 = Int32(picture.stride(.cb))
        f.pointee.linesize.2 = Int32(picture.stride(.cr))
    }

    /// Asks an encoder to make this frame a keyframe (an IDR with `forced-idr`),
    /// or leaves the choice to it.
    package var forcesKeyframe: Bool {
        get { pointer.pointee.pict_type == AV_PICTURE_TYPE_I }
        set { pointer.pointee.pict_type = newValue ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE }
    }

    /// Gives the frame its own buffers for a `width × height` picture in pixel
    /// format `format` (FFmpeg's name), rows aligned as FFmpeg likes (`av_frame_get_buffer`).
    package func allocatePicture(format: String, width: Int, height: Int) -> FFmpegStatus {
        let f = pointer
        f.pointee.format = av_get_pix_fmt(format).rawValue
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        return FFmpegStatus(av_frame_get_buffer(f, 0))
    }
}
