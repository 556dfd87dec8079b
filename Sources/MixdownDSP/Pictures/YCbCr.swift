/// One colour as 8-bit video-range Y'CbCr samples (the values an 8-bit
/// `Picture` holds; a 10-bit one holds them ×4, ``sample(_:bitDepth:)``), or
/// as 10-bit codes of their own (``init(y10:cb10:cr10:)``: an SDR colour placed
/// in an HDR picture by a colour conversion).
public struct YCbCr: Hashable, Sendable {
    /// Luma, 16 (black) to 235 (white). Setting a sample forgets 10-bit codes.
    public var y: UInt8 { didSet { tenBit = nil } }
    /// Blue-difference chroma, 16 to 240, neutral at 128.
    public var cb: UInt8 { didSet { tenBit = nil } }
    /// Red-difference chroma, 16 to 240, neutral at 128.
    public var cr: UInt8 { didSet { tenBit = nil } }
    /// The 10-bit codes when made from them, nil when the 8-bit samples are all there is.
    private var tenBit: TenBitCodes?

    private struct TenBitCodes: Hashable, Sendable {
        var y: UInt16, cb: UInt16, cr: UInt16
    }

    /// A colour from 10-bit video-range codes (0...1023, clamped), for 10-bit
    /// pictures: ``sample(_:bitDepth:)`` gives them at 10 bits, and the 8-bit
    /// samples are the nearest 8-bit codes (`(c + 2) / 4`).
    ///
    /// - Parameters:
    ///   - y10: Luma, 64 (black) to 940 (white).
    ///   - cb10: Blue-difference chroma, neutral at 512.
    ///   - cr10: Red-difference chroma, neutral at 512.
    public init(y10: UInt16, cb10: UInt16, cr10: UInt16) {
        func byte(_ code: UInt16) -> UInt8 { UInt8(min(255, (Int(min(code, 1023)) + 2) / 4)) }
        y = byte(y10)
        cb = byte(cb10)
        cr = byte(cr10)
        tenBit = TenBitCodes(y: min(y10, 1023), cb: min(cb10, 1023), cr: min(cr10, 1023))
    }

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

    /// The sample of `plane` at `bitDepth` bits: the 10-bit code it was made
    /// from at 10 bits, else the 8-bit code shifted left (×4 at 10 bits, exact:
    /// 16 → 64, 235 → 940, 128 → 512), the 10-bit code of the same level.
    ///
    /// - Parameters:
    ///   - plane: Which sample.
    ///   - bitDepth: 8 or more.
    public func sample(_ plane: Picture.Plane, bitDepth: Int) -> UInt16 {
        if bitDepth == 10, let tenBit {
            return switch plane {
            case .y: tenBit.y
            case .cb: tenBit.cb
            case .cr: tenBit.cr
            }
        }
        return UInt16(self[plane]) << (bitDepth - 8)
    }
}
