/// One colour as 8-bit video-range Y'CbCr samples (the values a `Picture` holds).
public struct YCbCr: Hashable, Sendable {
    /// Luma, 16 (black) to 235 (white).
    public var y: UInt8
    /// Blue-difference chroma, 16 to 240, neutral at 128.
    public var cb: UInt8
    /// Red-difference chroma, 16 to 240, neutral at 128.
    public var cr: UInt8

    /// A colour from its three samples.
    public init(y: UInt8, cb: UInt8, cr: UInt8) {
        self.y = y
        self.cb = cb
        self.cr = cr
    }

    /// Video black.
    public static let black = YCbCr(y: 16, cb: 128, cr: 128)

    /// The sample of `plane`.
    public subscript(plane: Picture.Plane) -> UInt8 {
        switch plane {
        case .y: y
        case .cb: cb
        case .cr: cr
        }
    }
}
