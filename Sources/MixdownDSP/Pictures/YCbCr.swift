/// One colour as 8-bit video-range Y'CbCr samples (the values an 8-bit
/// `Picture` holds; a 10-bit one holds them ×4, ``sample(_:bitDepth:)``).
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

    /// The sample of `plane` at `bitDepth` bits: the 8-bit code shifted left
    /// (×4 at 10 bits, exact: 16 → 64, 235 → 940, 128 → 512), the 10-bit code
    /// of the same level.
    ///
    /// - Parameters:
    ///   - plane: Which sample.
    ///   - bitDepth: 8 or more.
    public func sample(_ plane: Picture.Plane, bitDepth: Int) -> UInt16 {
        UInt16(self[plane]) << (bitDepth - 8)
    }
}
