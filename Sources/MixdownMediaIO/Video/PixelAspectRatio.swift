/// The shape of one pixel (sample aspect ratio, SAR): `width:height`, 1:1 for square pixels.
///
/// A 720×576 PAL 16:9 picture has 64:45 pixels: shown 1024 pixels wide. Kept as
/// the stream states it, reduced to lowest terms; a ratio that is unknown or not
/// positive is square.
public struct PixelAspectRatio: Hashable, Sendable, CustomStringConvertible {
    /// The pixel's relative width.
    public let width: Int32
    /// The pixel's relative height.
    public let height: Int32

    /// `width:height`, reduced; square when either is not positive (FFmpeg's 0:1 for unknown).
    public init(_ width: Int32, _ height: Int32) {
        guard width > 0, height > 0 else {
            self.width = 1
            self.height = 1
            return
        }
        var a = width, b = height
        while b != 0 { (a, b) = (b, a % b) }
        self.width = width / a
        self.height = height / a
    }

    /// Square pixels, 1:1.
    public static let square = PixelAspectRatio(1, 1)

    /// Whether pixels are square.
    public var isSquare: Bool { width == height }

    /// `64:45`.
    public var description: String { "\(width):\(height)" }
}
