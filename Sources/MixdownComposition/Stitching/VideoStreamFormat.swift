/// How a video stream is coded and shown: what two clips must share for their
/// packets to follow each other in one stream-copied track.
public struct VideoStreamFormat: Hashable, Sendable {
    /// FFmpeg's codec name, e.g. `h264`.
    public var codec: String
    /// Codec profile name (`High`), when the codec has profiles.
    public var profile: String?
    /// The codec's profile number (FFmpeg's `profile`), compared where names are missing.
    public var profileNumber: Int32
    /// Coded width in pixels (before rotation).
    public var width: Int
    /// Coded height in pixels (before rotation).
    public var height: Int
    /// Pixel format name, e.g. `yuv420p`.
    public var pixelFormat: String?
    /// Display rotation in degrees, counter-clockwise as ffprobe prints it; 0 when none.
    public var rotation: Double
    /// The display matrix (3×3, 16.16 and 2.30 fixed point, row-major as FFmpeg
    /// stores it), nil when the stream has none: the identity. It says more than
    /// `rotation`: whether the picture is mirrored, and how it is scaled.
    public var displayMatrix: [Int32]?
    /// The decoder configuration record (`avcC` for H.264), byte for byte; empty when none.
    public var decoderConfiguration: [UInt8]
    /// Bit depth, colour properties and HDR metadata (`unknown` where a scan did not read them).
    public var colour: VideoColourDescription

    /// Makes a format description from a stream's parameters.
    public init(codec: String, profile: String?, profileNumber: Int32, width: Int, height: Int,
                pixelFormat: String?, rotation: Double, displayMatrix: [Int32]? = nil, decoderConfiguration: [UInt8],
                colour: VideoColourDescription = .unknown) {
        self.codec = codec
        self.profile = profile
        self.profileNumber = profileNumber
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.rotation = rotation
        self.displayMatrix = displayMatrix
        self.decoderConfiguration = decoderConfiguration
        self.colour = colour
    }
}
