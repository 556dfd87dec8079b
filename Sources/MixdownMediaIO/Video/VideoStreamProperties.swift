public import MixdownComposition
public import MixdownTime

/// What a video stream's pictures are like, as `VideoFrameReader` hands them out
/// and as a re-encode of them should describe itself.
public struct VideoStreamProperties: Hashable, Sendable {
    /// FFmpeg's codec name (`h264`, `hevc`).
    public var codec: String
    /// The decoded picture's width in pixels, as stored (before turning).
    public var width: Int
    /// The decoded picture's height in pixels, as stored (before turning).
    public var height: Int
    /// The decoder's pixel format (`yuv420p`, `yuvj420p`, `yuv420p10le`…), when known.
    public var pixelFormat: String?
    /// How the picture is turned to be shown (the display matrix).
    public var orientation: VideoOrientation
    /// The shape of a pixel.
    public var sampleAspectRatio: PixelAspectRatio
    /// Frames over the stream's duration (`avg_frame_rate`); for a variable frame
    /// rate clip, not the interval of any frame.
    public var averageFrameRate: FrameRate?
    /// The lowest rate at which every timestamp falls on a frame (`r_frame_rate`,
    /// FFmpeg's guess): the nominal rate of a constant-rate stream.
    public var baseFrameRate: FrameRate?
    /// Range, primaries, transfer, matrix and chroma siting.
    public var colour: VideoColourProperties
    /// The stream's time base.
    public var timeBase: TimeBase

    /// Makes a description from its parts.
    public init(codec: String, width: Int, height: Int, pixelFormat: String?, orientation: VideoOrientation,
                sampleAspectRatio: PixelAspectRatio, averageFrameRate: FrameRate?, baseFrameRate: FrameRate?,
                colour: VideoColourProperties, timeBase: TimeBase) {
        self.codec = codec
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.orientation = orientation
        self.sampleAspectRatio = sampleAspectRatio
        self.averageFrameRate = averageFrameRate
        self.baseFrameRate = baseFrameRate
        self.colour = colour
        self.timeBase = timeBase
    }

    /// The size of the `Picture`s read from the stream: `width × height` rounded
    /// down to even numbers (a 4:2:0 picture's sides are even; an odd last row or
    /// column is left out, not scaled).
    public var pictureSize: (width: Int, height: Int) { (width & ~1, height & ~1) }

    /// The size shown, after turning (`orientation`), before pixel aspect.
    public var displaySize: (width: Int, height: Int) { orientation.displaySize(width: width, height: height) }
}
