/// How a stored picture is turned (and perhaps mirrored) to be shown upright:
/// what a stream's display matrix says, in quarter turns.
///
/// To show a decoded picture as players do, turn it clockwise by `quarterTurns`
/// (`Picture.rotated(quarterTurns:)` in MixdownDSP), then, when `isMirrored`,
/// flip it left to right. A portrait phone clip stored landscape with ffprobe's
/// "rotation -90" is one clockwise turn; "rotation 90" is three. Angles that are
/// not quarter turns go to the nearest one; the matrix's scaling and
/// translation are ignored, as ffmpeg's autorotation ignores them.
public struct VideoOrientation: Hashable, Sendable, CustomStringConvertible {
    /// Clockwise quarter turns, 0 to 3.
    public let quarterTurns: Int
    /// Whether the picture is flipped left to right after turning.
    public let isMirrored: Bool

    /// An orientation of `quarterTurns` clockwise turns (any integer, taken modulo
    /// 4), flipped after turning when `isMirrored`.
    public init(quarterTurns: Int, isMirrored: Bool = false) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.isMirrored = isMirrored
    }

    /// Upright as stored.
    public static let upright = VideoOrientation(quarterTurns: 0)

    /// The orientation a display matrix describes (3×3, 16.16 fixed point in its
    /// first two columns, row-major as FFmpeg stores it); upright for nil or a
    /// matrix of the wrong size.
    ///
    /// The matrix maps a stored pixel (x, y), y down, to x' = a·x + c·y,
    /// y' = b·x + d·y (a, b the first row, c, d the second); of the eight turns and
    /// flips of a square, the one closest to that map is chosen.
    public init(displayMatrix: [Int32]?) {
        guard let m = displayMatrix, m.count == 9 else {
            self = .upright
            return
        }
        let (a, b, c, d) = (Double(m[0]), Double(m[1]), Double(m[3]), Double(m[4]))
        let scale = max(1, (a * a + b * b + c * c + d * d).squareRoot() / 2.squareRoot())
        let map = [a / scale, c / scale, b / scale, d / scale]
        let candidates = (0..<8).map { VideoOrientation(quarterTurns: $0 % 4, isMirrored: $0 >= 4) }
        self = candidates.min { a, b in
            zip(a.columnMap, map).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
                < zip(b.columnMap, map).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
        }!
    }

    /// Whether `displayMatrix` is exactly a turn by quarter turns (no mirror, no
    /// scaling; any translation): a track can carry it for pictures stored turned back.
    public static func isExactTurn(_ displayMatrix: [Int32]?) -> Bool {
        guard let m = displayMatrix else { return true }
        let one: Int32 = 0x10000
        let turns: [[Int32]] = [[one, 0, 0, one], [0, one, -one, 0], [-one, 0, 0, -one], [0, -one, one, 0]]
        return m.count == 9 && turns.contains([m[0], m[1], m[3], m[4]]) && m[2] == 0 && m[5] == 0 && m[8] == 0x4000_0000
    }

    /// Whether width and height swap when shown.
    public var swapsSides: Bool { quarterTurns % 2 == 1 }

    /// The shown size of a stored `width × height` picture.
    public func displaySize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsSides ? (height, width) : (width, height)
    }

    /// `90° clockwise, mirrored`.
    public var description: String {
        "\(quarterTurns * 90)° clockwise" + (isMirrored ? ", mirrored" : "")
    }

    /// The map (x, y) → (x', y') as [x'/x, x'/y, y'/x, y'/y], y down: turns
    /// clockwise ((1, 0) to (0, 1) each time), then the flip (x' = -x).
    private var columnMap: [Double] {
        var (p, q, r, s) = (1.0, 0.0, 0.0, 1.0)
        for _ in 0..<quarterTurns { (p, q, r, s) = (-r, -s, p, q) }
        if isMirrored { (p, q) = (-p, -q) }
        return [p, q, r, s]
    }
}
