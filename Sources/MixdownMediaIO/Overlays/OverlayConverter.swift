public import MixdownDSP
internal import MixdownFFmpeg
internal import MixdownZimg
public import MixdownUnits

/// Turns `OverlayImage`s (premultiplied R'G'B' with alpha) into
/// `YCbCrOverlay`s, the compositor's picture format, with libswscale and the
/// render's matrix: what `Picture.draw(_:at:opacity:)` lays over a frame.
///
/// The premultiplied colour goes through libswscale as if it were straight
/// R'G'B'. Full-range R'G'B' to video-range Y'CbCr is affine, `Y' = 16 + M·c`
/// (and `128 + M·c` for chroma), so a colour `α·c` comes out as
/// `16 + α·(Y' − 16)`: the premultiplied Y'CbCr, offset by the samples' zero,
/// that `DSP.alphaOver` blends, and transparent pixels (all zero) become exactly
/// 16 and 128. No division by alpha happens, so faint edges keep their precision,
/// and 4:2:0 chroma (and its alpha) is the plain mean of the 2×2 premultiplied
/// samples it covers, which is what drawing those four pixels leaves there.
///
/// In an HDR composition a ``GraphicsColourMapping`` is given, and the overlay
/// is placed as an SDR clip is (`convert(_:phase:mapping:)`): a 10-bit overlay.
///
/// Keeps its libswscale context, libzimg conversion and scratch planes between
/// conversions of the same size. Not thread-safe: one converter per thread.
public final class OverlayConverter {
    let scaler = ScalerContext()
    /// Blue, green, red and alpha on the overlay's grid.
    private var pixels: BytePlanes?
    /// Y', Cb and Cr at full resolution on the overlay's grid.
    private var samples: BytePlanes?
    /// HDR only: the unpremultiplied Y', Cb and Cr at full resolution.
    var straight: BytePlanes?
    /// HDR only: Y', Cb and Cr converted, 10-bit words (two bytes a sample, so twice the width).
    var converted: BytePlanes?
    /// HDR only: the libzimg conversion of the last size, and the mapping it was made by.
    var conversion: (mapping: GraphicsColourMapping, conversion: ColourConversion)?
    /// The last overlay `overlay(for:at:matrix:mapping:)` made, and what it was made from.
    private var last: (image: OverlayImage, phase: (x: Int, y: Int), matrix: YCbCrMatrix, mapping: GraphicsColourMapping?,
                       overlay: YCbCrOverlay)?

    /// What messages call the overlays converted: a file, or `overlays[2]`.
    let name: String

    /// A converter that makes its libswscale context on first use, naming its
    /// overlays `name` in messages.
    public init(name: String = "overlay") { self.name = name }

    /// `image` in Y'CbCr 4:2:0 by `matrix`, with its alpha, for drawing at
    /// positions of `phase`'s parity (`(x & 1, y & 1)` of where its top-left pixel lands).
    ///
    /// - Throws: `MediaIOError.unsupported` when libswscale fails.
    public func convert(_ image: OverlayImage, phase: (x: Int, y: Int), matrix: YCbCrMatrix) throws(MediaIOError) -> YCbCrOverlay {
        let overlay = YCbCrOverlay(imageWidth: image.width, imageHeight: image.height, phase: (phase.x & 1, phase.y & 1))
        let (pixels, samples) = try premultipliedSamples(of: image, on: overlay, matrix: matrix)
        for y in 0..<overlay.height {
            overlay.row(y, of: .y).update(from: samples.row(y, of: 0), count: overlay.width)
            overlay.row(y, of: .alpha).update(from: pixels.row(y, of: 3), count: overlay.width)
        }
        let half = overlay.width / 2
        for y in 0..<(overlay.height / 2) {
            DSP.average2x2(into: overlay.row(y, of: .cb), samples.row(2 * y, of: 1), samples.row(2 * y + 1, of: 1), count: half)
            DSP.average2x2(into: overlay.row(y, of: .cr), samples.row(2 * y, of: 2), samples.row(2 * y + 1, of: 2), count: half)
            DSP.average2x2(into: overlay.row(y, of: .chromaAlpha), pixels.row(2 * y, of: 3), pixels.row(2 * y + 1, of: 3), count: half)
        }
        return overlay
    }

    /// `image` converted for drawing with its top-left pixel at `position`: the
    /// overlay made last time when the image is the same object (unchanged since),
    /// the position has the same parity and the matrix and mapping are the same,
    /// so a still overlay is converted once however many frames it is drawn on.
    ///
    /// - Parameters:
    ///   - image: The overlay's pixels.
    ///   - position: Where its top-left pixel lands.
    ///   - matrix: The render's matrix (for an SDR render).
    ///   - mapping: An HDR render's placement of SDR graphics, which then makes a
    ///     10-bit overlay (`convert(_:phase:mapping:)`, `matrix` unused); nil in SDR.
    /// - Throws: `MediaIOError.unsupported` when libswscale or libzimg fails.
    public func overlay(for image: OverlayImage, at position: (x: Int, y: Int), matrix: YCbCrMatrix,
                        mapping: GraphicsColourMapping? = nil) throws(MediaIOError) -> YCbCrOverlay {
        let phase = (x: position.x & 1, y: position.y & 1)
        if let last, last.image === image, last.phase == phase, last.matrix == matrix, last.mapping === mapping { return last.overlay }
        let overlay = if let mapping { try convert(image, phase: phase, mapping: mapping) } else { try convert(image, phase: phase, matrix: matrix) }
        last = (image, phase, matrix, mapping, overlay)
        return overlay
    }

    /// `image`'s premultiplied pixels split into planes on `overlay`'s grid
    /// (transparent where the image leaves it), and their Y'CbCr by `matrix` at
    /// full resolution, premultiplied (libswscale).
    func premultipliedSamples(of image: OverlayImage, on overlay: YCbCrOverlay,
                              matrix: YCbCrMatrix) throws(MediaIOError) -> (pixels: BytePlanes, samples: BytePlanes) {
        let pixels = scratch(&self.pixels, count: 4, width: overlay.width, height: overlay.height)
        let samples = scratch(&self.samples, count: 3, width: overlay.width, height: overlay.height)
        pixels.zero()
        for y in 0..<image.height {
            let row = y + overlay.phase.y, x = overlay.phase.x
            image.row(y).withMemoryRebound(to: UInt32.self, capacity: image.width) { words in
                DSP.split(words, blue: pixels.row(row, of: 0) + x, green: pixels.row(row, of: 1) + x,
                          red: pixels.row(row, of: 2) + x, alpha: pixels.row(row, of: 3) + x, count: image.width)
            }
        }
        try ffmpeg(scaler.convert(pixels, toYCbCr: samples, matrix: matrix, path: name))
        return (pixels, samples)
    }

    /// The planes kept in `planes` when they have this shape, else new ones kept there.
    func scratch(_ planes: inout BytePlanes?, count: Int, width: Int, height: Int) -> BytePlanes {
        if let planes, planes.width == width, planes.height == height { return planes }
        let made = BytePlanes(count: count, width: width, height: height)
        planes = made
        return made
    }
}
