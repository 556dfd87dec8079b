/// A picture in planar Y'CbCr 4:2:0 at 8 or 10 bits, the pixel formats the
/// video compositor works in: 8-bit samples in bytes (FFmpeg's `yuv420p`), or
/// 10-bit samples in little-endian 16-bit words, 0...1023 (`yuv420p10le`).
///
/// Width and height are even, so every chroma sample covers exactly 2×2 luma
/// samples. The three planes live in one allocation owned by the picture and
/// freed with it; rows are padded to a multiple of 64 bytes (`stride`), so a
/// row starts aligned for any vector unit. Values are video range as decoded
/// (luma 16...235 at 8 bits, 64...940 at 10): no conversion happens here.
///
/// Samples are reached by depth: ``base(_:)`` and ``row(_:of:)`` give bytes of
/// an 8-bit picture, ``base16(_:)`` and ``row16(_:of:)`` words of a 10-bit one
/// (each traps on the other depth, so a kernel can never read words as bytes);
/// ``sample(_:x:y:)`` reads either. Pictures of both depths are never mixed in
/// one operation: a blend of a 10-bit picture over an 8-bit one traps.
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
    /// Bits per sample: 8 (one byte per sample) or 10 (one 16-bit word per sample).
    public let bitDepth: Int
    private let strides: [Int]
    private let offsets: [Int]
    private let storage: UnsafeMutableRawPointer
    private let byteCount: Int

    /// Row alignment of every plane, in bytes.
    public static let rowAlignment = 64

    /// A picture of `width × height` at `bitDepth` bits filled with `colour`
    /// (its 8-bit samples ×4 at 10 bits: black is 64, 512, 512).
    ///
    /// - Parameters:
    ///   - width: Width in luma samples.
    ///   - height: Height in luma samples.
    ///   - bitDepth: 8 or 10.
    ///   - colour: The colour every sample starts as.
    /// - Precondition: both sides even and at least 2 (callers bound sizes first:
    ///   `PixelSize` in MixdownUnits); `bitDepth` 8 or 10.
    public init(width: Int, height: Int, bitDepth: Int = 8, colour: YCbCr = .black) {
        precondition(width >= 2 && height >= 2 && width % 2 == 0 && height % 2 == 0, "odd or empty picture size")
        precondition(bitDepth == 8 || bitDepth == 10, "a picture of \(bitDepth) bits (8 or 10)")
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        let align = Self.rowAlignment
        let sampleBytes = bitDepth > 8 ? 2 : 1
        let lumaStride = (width * sampleBytes + align - 1) / align * align
        let chromaStride = (width / 2 * sampleBytes + align - 1) / align * align
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

    /// The first sample of an 8-bit picture's plane; valid while the picture lives.
    ///
    /// - Precondition: `bitDepth` is 8 (``base16(_:)`` for 10).
    public func base(_ plane: Plane) -> UnsafeMutablePointer<UInt8> {
        precondition(bitDepth == 8, "bytes of a \(bitDepth)-bit picture")
        return bytes(plane)
    }

    /// The first sample of a 10-bit picture's plane; valid while the picture lives.
    ///
    /// - Precondition: `bitDepth` is 10 (``base(_:)`` for 8).
    public func base16(_ plane: Plane) -> UnsafeMutablePointer<UInt16> {
        precondition(bitDepth == 10, "16-bit words of a \(bitDepth)-bit picture")
        return (storage + offsets[plane.rawValue]).assumingMemoryBound(to: UInt16.self)
    }

    /// The plane's first byte at either depth, for code that handles rows as
    /// bytes (libswscale, an encoder's frame): `stride(_:)` bytes a row.
    package func bytes(_ plane: Plane) -> UnsafeMutablePointer<UInt8> {
        (storage + offsets[plane.rawValue]).assumingMemoryBound(to: UInt8.self)
    }

    /// Bytes a sample takes: 1 at 8 bits, 2 at 10.
    public var bytesPerSample: Int { bitDepth > 8 ? 2 : 1 }

    /// The largest sample value: 255 at 8 bits, 1023 at 10.
    public var maximumSample: Int { (1 << bitDepth) - 1 }

    /// Samples per row of `plane`.
    public func planeWidth(_ plane: Plane) -> Int { plane == .y ? width : width / 2 }

    /// Rows of `plane`.
    public func planeHeight(_ plane: Plane) -> Int { plane == .y ? height : height / 2 }

    /// Row `row` of an 8-bit picture's `plane`.
    ///
    /// - Precondition: `bitDepth` is 8 (``row16(_:of:)`` for 10).
    public func row(_ row: Int, of plane: Plane) -> UnsafeMutablePointer<UInt8> {
        base(plane) + row * stride(plane)
    }

    /// Row `row` of a 10-bit picture's `plane`.
    ///
    /// - Precondition: `bitDepth` is 10 (``row(_:of:)`` for 8).
    public func row16(_ row: Int, of plane: Plane) -> UnsafeMutablePointer<UInt16> {
        base16(plane) + row * (stride(plane) / 2)
    }

    /// Sets every sample to `colour` (×4 at 10 bits).
    public func fill(_ colour: YCbCr) {
        for plane in Plane.allCases {
            for r in 0..<planeHeight(plane) {
                if bitDepth == 8 {
                    row(r, of: plane).update(repeating: colour[plane], count: planeWidth(plane))
                } else {
                    DSP.fill(row16(r, of: plane), value: colour.sample(plane, bitDepth: bitDepth), count: planeWidth(plane))
                }
            }
        }
    }

    /// The sample at luma position (`x`, `y`) of an 8-bit picture's `plane`;
    /// chroma planes take the sample covering it.
    ///
    /// - Precondition: `bitDepth` is 8 (``sample(_:x:y:)`` reads either depth).
    public subscript(plane: Plane, x: Int, y: Int) -> UInt8 {
        let shift = plane == .y ? 0 : 1
        return row(y >> shift, of: plane)[x >> shift]
    }

    /// The sample at luma position (`x`, `y`) of `plane`, at the picture's
    /// depth (0...255 or 0...1023); chroma planes take the sample covering it.
    public func sample(_ plane: Plane, x: Int, y: Int) -> Int {
        let shift = plane == .y ? 0 : 1
        return bitDepth == 8 ? Int(row(y >> shift, of: plane)[x >> shift]) : Int(row16(y >> shift, of: plane)[x >> shift])
    }
}
