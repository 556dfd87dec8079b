/// A picture in 8-bit planar Y'CbCr 4:2:0 (FFmpeg's `yuv420p`), the one pixel
/// format the video compositor works in.
///
/// Width and height are even, so every chroma sample covers exactly 2×2 luma
/// samples. The three planes live in one allocation owned by the picture and
/// freed with it; rows are padded to a multiple of 64 bytes (`stride`), so a
/// row starts aligned for any vector unit. Values are video range as decoded:
/// no conversion happens here.
///
/// A reference type because a frame is large and passed between stages without
/// copying; it is `@unchecked Sendable` because a picture is handed from one
/// thread to the next, never written by two at once: whoever holds it writes it.
public final class Picture: @unchecked Sendable {
    /// One of the three planes.
    public enum Plane: Int, CaseIterable, Sendable {
        /// Luma, `width × height`.
        case y
        /// Blue-difference chroma, `width/2 × height/2`.
        case cb
        /// Red-difference chroma, `width/2 × height/2`.
        case cr
    }

    /// Width in luma samples (even, at least 2).
    public let width: Int
    /// Height in luma samples (even, at least 2).
    public let height: Int
    private let strides: [Int]
    private let offsets: [Int]
    private let storage: UnsafeMutableRawPointer
    private let byteCount: Int

    /// Row alignment of every plane, in bytes.
    public static let rowAlignment = 64

    /// A picture of `width × height` filled with `colour`.
    ///
    /// - Precondition: both even and at least 2 (callers bound sizes first:
    ///   `PixelSize` in MixdownUnits).
    public init(width: Int, height: Int, colour: YCbCr = .black) {
        precondition(width >= 2 && height >= 2 && width % 2 == 0 && height % 2 == 0, "odd or empty picture size")
        self.width = width
        self.height = height
        let align = Self.rowAlignment
        let lumaStride = (width + align - 1) / align * align
        let chromaStride = (width / 2 + align - 1) / align * align
        strides = [lumaStride, chromaStride, chromaStride]
        let lumaBytes = lumaStride * height
        let chromaBytes = chromaStride * (height / 2)
        offsets = [0, lumaBytes, lumaBytes + chromaBytes]
        byteCount = lumaBytes + 2 * chromaBytes
        storage = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: align)
        fill(colour)
    }

    deinit { storage.deallocate() }

    /// Bytes from one row of `plane` to the next (a multiple of ``rowAlignment``).
    public func stride(_ plane: Plane) -> Int { strides[plane.rawValue] }

    /// The plane's first byte; valid while the picture lives.
    public func base(_ plane: Plane) -> UnsafeMutablePointer<UInt8> {
        (storage + offsets[plane.rawValue]).assumingMemoryBound(to: UInt8.self)
    }

    /// Samples per row of `plane`.
    public func planeWidth(_ plane: Plane) -> Int { plane == .y ? width : width / 2 }

    /// Rows of `plane`.
    public func planeHeight(_ plane: Plane) -> Int { plane == .y ? height : height / 2 }

    /// Row `row` of `plane`.
    public func row(_ row: Int, of plane: Plane) -> UnsafeMutablePointer<UInt8> {
        base(plane) + row * stride(plane)
    }

    /// Sets every sample to `colour`.
    public func fill(_ colour: YCbCr) {
        for plane in Plane.allCases {
            let value = colour[plane]
            for r in 0..<planeHeight(plane) {
                row(r, of: plane).update(repeating: value, count: planeWidth(plane))
            }
        }
    }

    /// The sample at luma position (`x`, `y`) of `plane`; chroma planes take
    /// the sample covering it.
    public subscript(plane: Plane, x: Int, y: Int) -> UInt8 {
        let shift = plane == .y ? 0 : 1
        return row(y >> shift, of: plane)[x >> shift]
    }
}
