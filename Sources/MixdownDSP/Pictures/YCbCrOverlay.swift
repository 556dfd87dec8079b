/// An overlay in the compositor's picture format, ready to be drawn over
/// `Picture`s any number of times: premultiplied 8-bit video-range Y'CbCr 4:2:0,
/// with its alpha at luma and at chroma resolution.
///
/// It covers whole chroma samples of the picture it is drawn on: its grid starts
/// at an even position, and the image's top-left pixel sits `phase` (0 or 1 in
/// each direction) inside it, so an image drawn at an odd position lands on that
/// pixel exactly. What the image leaves uncovered (a phase column or row, an odd
/// last column or row) is transparent: alpha 0, luma 16, chroma 128.
///
/// Colour samples are premultiplied as libswscale gives them for premultiplied
/// R'G'B': `16 + alpha × (Y' − 16)` for luma, `128 + alpha × (C − 128)` for
/// chroma. A chroma sample, and its alpha, is the mean of the 2×2 it covers:
/// premultiplied values average to the colour of the area's coverage, which is
/// what drawing the four pixels one by one would leave. MixdownMediaIO's
/// `OverlayConverter` makes one from an ``OverlayImage``.
///
/// In an HDR picture SDR graphics are placed at BT.2408's reference white by a
/// colour conversion, which gives 10-bit codes: a 10-bit overlay (`bitDepth`
/// 10) holds its three colour planes as 16-bit words (0...1023, premultiplied
/// from 64 and 512 alike); its alpha planes stay 8-bit coverage.
///
/// A reference type for the same reason as `Picture`, `@unchecked Sendable`
/// likewise: whoever holds it writes it, and drawing only reads it.
public final class YCbCrOverlay: @unchecked Sendable {
    /// One of the five planes.
    public enum Plane: Int, CaseIterable, Sendable {
        /// Premultiplied luma, `width × height`.
        case y
        /// Premultiplied blue-difference chroma, `width/2 × height/2`.
        case cb
        /// Premultiplied red-difference chroma, `width/2 × height/2`.
        case cr
        /// Alpha of each luma sample, `width × height`: 0 transparent to 255 opaque.
        case alpha
        /// Alpha of each chroma sample (the mean of the 2×2 it covers), `width/2 × height/2`.
        case chromaAlpha

        /// Whether the plane has one sample per luma sample.
        public var isFullResolution: Bool { self == .y || self == .alpha }

        /// Whether the plane holds colour (of the overlay's depth), not alpha (always 8-bit).
        public var isColour: Bool { self == .y || self == .cb || self == .cr }
    }

    /// Width of the image it holds, in pixels.
    public let imageWidth: Int
    /// Height of the image it holds, in pixels.
    public let imageHeight: Int
    /// Where the image's top-left pixel sits in the grid: 0 or 1 in each direction
    /// (the parity of the positions it is drawn at).
    public let phase: (x: Int, y: Int)
    /// Width of the grid in luma samples (even): `phase.x + imageWidth` rounded up.
    public let width: Int
    /// Height of the grid in luma samples (even): `phase.y + imageHeight` rounded up.
    public let height: Int
    /// Bits of the colour samples: 8, or 10 (16-bit words) for an overlay converted into HDR.
    public let bitDepth: Int
    private let strides: [Int]
    private let offsets: [Int]
    private let storage: UnsafeMutableRawPointer

    /// A transparent overlay for an image of `imageWidth × imageHeight` pixels
    /// placed `phase` inside its grid, its colour samples of `bitDepth` bits.
    ///
    /// - Parameters:
    ///   - imageWidth: The image's width in pixels.
    ///   - imageHeight: The image's height in pixels.
    ///   - phase: Where the image's top-left pixel sits in the grid.
    ///   - bitDepth: 8, or 10 for an overlay drawn on a 10-bit picture at codes of its own.
    /// - Precondition: both sizes at least 1; each phase 0 or 1; `bitDepth` 8 or 10.
    public init(imageWidth: Int, imageHeight: Int, phase: (x: Int, y: Int), bitDepth: Int = 8) {
        precondition(imageWidth >= 1 && imageHeight >= 1, "an overlay of \(imageWidth)×\(imageHeight)")
        precondition((0...1).contains(phase.x) && (0...1).contains(phase.y), "an overlay's phase is 0 or 1, not \(phase)")
        precondition(bitDepth == 8 || bitDepth == 10, "an overlay of \(bitDepth) bits (8 or 10)")
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.phase = phase
        self.bitDepth = bitDepth
        let width = (phase.x + imageWidth + 1) & ~1, height = (phase.y + imageHeight + 1) & ~1
        self.width = width
        self.height = height
        let align = Picture.rowAlignment
        func aligned(_ bytes: Int) -> Int { (bytes + align - 1) / align * align }
        let wide = bitDepth > 8 ? 2 : 1
        strides = Plane.allCases.map { plane in
            let samples = plane.isFullResolution ? width : width / 2
            return aligned(plane.isColour ? samples * wide : samples)
        }
        var offsets: [Int] = []
        var total = 0
        for plane in Plane.allCases {
            offsets.append(total)
            total += strides[plane.rawValue] * (plane.isFullResolution ? height : height / 2)
        }
        self.offsets = offsets
        storage = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: align)
        for plane in Plane.allCases {
            let value: UInt16 = switch plane {
            case .y: 16
            case .cb, .cr: 128
            case .alpha, .chromaAlpha: 0
            }
            let bytes = strides[plane.rawValue] * planeHeight(plane), start = storage + offsets[plane.rawValue]
            if plane.isColour && bitDepth > 8 {
                start.initializeMemory(as: UInt16.self, repeating: value << (bitDepth - 8), count: bytes / 2)
            } else {
                start.initializeMemory(as: UInt8.self, repeating: UInt8(value), count: bytes)
            }
        }
    }

    deinit { storage.deallocate() }

    /// Whether an image of `imageWidth × imageHeight` drawn at `position` fits
    /// this overlay: the same size, and a position of its phase's parity.
    public func fits(imageWidth: Int, imageHeight: Int, at position: (x: Int, y: Int)) -> Bool {
        imageWidth == self.imageWidth && imageHeight == self.imageHeight && position.x & 1 == phase.x && position.y & 1 == phase.y
    }

    /// Bytes from one row of `plane` to the next (a multiple of 64; a 10-bit overlay's colour rows take 2 a sample).
    public func stride(_ plane: Plane) -> Int { strides[plane.rawValue] }

    /// The plane's first byte; valid while the overlay lives.
    public func base(_ plane: Plane) -> UnsafeMutablePointer<UInt8> {
        (storage + offsets[plane.rawValue]).assumingMemoryBound(to: UInt8.self)
    }

    /// Samples per row of `plane`.
    public func planeWidth(_ plane: Plane) -> Int { plane.isFullResolution ? width : width / 2 }

    /// Rows of `plane`.
    public func planeHeight(_ plane: Plane) -> Int { plane.isFullResolution ? height : height / 2 }

    /// Row `row` of `plane`: bytes for alpha, and for colour in an 8-bit overlay.
    public func row(_ row: Int, of plane: Plane) -> UnsafeMutablePointer<UInt8> {
        base(plane) + row * stride(plane)
    }

    /// Row `row` of a 10-bit overlay's colour `plane`, as 16-bit words.
    ///
    /// - Precondition: `bitDepth` is 10 and `plane` a colour plane.
    public func row16(_ row: Int, of plane: Plane) -> UnsafeMutablePointer<UInt16> {
        precondition(bitDepth > 8 && plane.isColour, "16-bit words of the \(bitDepth)-bit overlay's \(plane) plane")
        return UnsafeMutableRawPointer(base(plane) + row * stride(plane)).assumingMemoryBound(to: UInt16.self)
    }
}
