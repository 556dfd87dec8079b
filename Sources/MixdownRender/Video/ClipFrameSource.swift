import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownTime
import MixdownUnits

/// One clip's frames as a layer draws them: turned upright by the clip's
/// display matrix and conformed into the render size (scaled to fit with the
/// background around it, or to fill), held from each frame's time until the next;
/// at the bit depth it was opened for, whatever the clip's own, and converted
/// into the picture's dynamic range where the clip's differs.
///
/// Decoding goes forward; asking for an earlier time, or one far ahead, seeks
/// (to the keyframe before and decodes forward). A picture is conformed once
/// and reused while the same frame shows. Not thread-safe.
final class ClipFrameSource {
    let reader: VideoFrameReader
    private let orientation: VideoOrientation
    private let renderSize: PixelSize
    private let mode: ConformMode
    private let background: YCbCr
    /// The size the reader scales to, in stored orientation (before turning).
    private let storedSize: (width: Int, height: Int)
    private var current: VideoFrame?
    private var upcoming: VideoFrame?
    private var conformed: (time: MediaTime, picture: Picture)?
    /// Converts a clip of another dynamic range into the picture's.
    private let converter: PictureColourConverter?

    /// How far ahead a request may be before seeking beats decoding forward.
    private static let seekDistance = MediaTime.milliseconds(2000)

    /// Opens `clip` for drawing at `renderSize` by `mode` on `background`, in
    /// pictures of `bitDepth` bits (8 or 10); with `colour` (the picture's),
    /// a clip of another dynamic range is decoded at its own depth and converted.
    init(clip: VideoClipInfo, renderSize: PixelSize, mode: ConformMode, background: YCbCr, bitDepth: Int = 8,
         colour: VideoColourDescription? = nil) throws(MediaIOError) {
        // The scan knows the stored size and the display matrix: the reader is opened
        // once, scaling straight to the size the turned picture needs.
        orientation = VideoOrientation(displayMatrix: clip.format.displayMatrix)
        let shown = orientation.displaySize(width: clip.format.width, height: clip.format.height)
        let fitted = Self.conformedSize(of: shown, in: renderSize, mode: mode)
        storedSize = orientation.swapsSides ? (fitted.height, fitted.width) : fitted
        if let colour, PictureColourConverter.isNeeded(from: clip.format.colour, to: colour) {
            // Into the pictures' depth, whatever the output's (a 10-bit drawing of an SDR picture, say).
            var target = colour
            target.bitDepth = bitDepth
            let converter = try PictureColourConverter(from: clip.format.colour, to: target, width: storedSize.width,
                                                       height: storedSize.height, path: clip.path)
            self.converter = converter
            reader = try VideoFrameReader(clip: clip, pictureSize: storedSize, bitDepth: converter.sourceBitDepth)
        } else {
            converter = nil
            reader = try VideoFrameReader(clip: clip, pictureSize: storedSize, bitDepth: bitDepth)
        }
        self.renderSize = renderSize
        self.mode = mode
        self.background = background
    }

    /// The picture shown at `time` (the clip's own time), conformed to the render size.
    ///
    /// - Throws: the reader's errors; `decodeFailed` when the clip has no frame at or before `time`.
    func picture(at time: MediaTime) throws(MediaIOError) -> Picture {
        try advance(to: time)
        guard let frame = current else {
            throw .decodeFailed(path: reader.path, reason: "no video frame at \(time.readable)")
        }
        if let conformed, conformed.time == frame.time { return conformed.picture }
        let picture = conform(try converter?.convert(frame.picture) ?? frame.picture)
        conformed = (frame.time, picture)
        return picture
    }

    private func advance(to time: MediaTime) throws(MediaIOError) {
        let behind = current.map { time < $0.time } ?? true
        // A distance too large to compute is far.
        let far = current.map { (try? time - $0.time).map { $0 > Self.seekDistance } ?? true } ?? false
        if behind || far {
            try reader.seek(to: time)
            current = try reader.nextFrame()
            upcoming = try reader.nextFrame()
        }
        while let next = upcoming, next.time <= time {
            current = next
            upcoming = try reader.nextFrame()
        }
    }

    /// Turns the stored picture upright and places it in a render-size picture.
    private func conform(_ stored: Picture) -> Picture {
        let turned = orientation.quarterTurns == 0 ? stored : stored.rotated(quarterTurns: orientation.quarterTurns)
        let upright = orientation.isMirrored ? turned.mirrored() : turned
        if upright.width == renderSize.width && upright.height == renderSize.height { return upright }
        let canvas = Picture(width: renderSize.width, height: renderSize.height, bitDepth: upright.bitDepth, colour: background)
        // Centred: a fitted picture leaves borders, a filled one is cut evenly on both sides.
        let x = (renderSize.width - upright.width) / 2, y = (renderSize.height - upright.height) / 2
        canvas.blend(upright, area: upright.bounds, at: (x, y), opacity: 256)
        return canvas
    }

    /// The even size a `shown` picture takes in the render size: the largest
    /// that fits inside (fit) or the smallest that covers it (fill), keeping the shape.
    static func conformedSize(of shown: (width: Int, height: Int), in size: PixelSize, mode: ConformMode) -> (width: Int, height: Int) {
        let sx = Double(size.width) / Double(shown.width), sy = Double(size.height) / Double(shown.height)
        let scale = mode == .fit ? min(sx, sy) : max(sx, sy)
        func even(_ value: Double, _ limit: Int) -> Int {
            let side = Int((value / 2).rounded()) * 2
            return mode == .fit ? min(max(2, side), limit) : max(2, side)
        }
        return (even(Double(shown.width) * scale, size.width), even(Double(shown.height) * scale, size.height))
    }
}
