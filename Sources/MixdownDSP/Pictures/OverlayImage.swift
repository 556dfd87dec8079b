/// A picture with transparency, as overlays are drawn: 8-bit premultiplied
/// alpha in Cairo's `ARGB32` layout (one 32-bit word per pixel, native-endian
/// `0xAARRGGBB`: bytes B, G, R, A on the little-endian machines Mixdown runs on).
///
/// What the rasterisers (text, SVG, boxes through Cairo) and the image decoders
/// (FFmpeg) hand the compositor, which converts it to Y'CbCr with the render's
/// matrix and lays it over a `Picture`. Premultiplied: each colour byte is
/// already multiplied by its alpha (`color × alpha / 255`, rounded), so a
/// transparent pixel is all zero and drawing an image over another is
/// `source + destination × (1 − alpha)`.
///
/// Any size of at least 1×1 (odd sides too: an overlay is placed by its own
/// pixels, and the compositor rounds where it meets 4:2:0 chroma). Rows are
/// padded to a multiple of 64 bytes (`stride`), as `Picture`'s are, which is
/// also a valid Cairo stride. A reference type, `@unchecked Sendable` for the
/// same reason as `Picture`: whoever holds it writes it.
public final class OverlayImage: @unchecked Sendable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// Bytes from one row to the next: `4 × width` rounded up to ``rowAlignment``.
    public let stride: Int
    private let storage: UnsafeMutableRawPointer

    /// Row alignment, in bytes.
    public static let rowAlignment = 64

    /// A fully transparent image of `width × height`.
    ///
    /// - Precondition: both at least 1.
    public init(width: Int, height: Int) {
        precondition(width >= 1 && height >= 1, "an overlay image of \(width)×\(height)")
        self.width = width
        self.height = height
        stride = (4 * width + Self.rowAlignment - 1) / Self.rowAlignment * Self.rowAlignment
        storage = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: Self.rowAlignment)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
    }

    deinit { storage.deallocate() }

    /// The first byte of row 0; valid while the image lives.
    public var base: UnsafeMutablePointer<UInt8> { storage.assumingMemoryBound(to: UInt8.self) }

    /// Row `row`'s first byte.
    public func row(_ row: Int) -> UnsafeMutablePointer<UInt8> { base + row * stride }

    /// The pixel at (`x`, `y`) as premultiplied (blue, green, red, alpha).
    public subscript(x: Int, y: Int) -> (blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8) {
        let pixel = row(y) + 4 * x
        return (pixel[0], pixel[1], pixel[2], pixel[3])
    }
}
