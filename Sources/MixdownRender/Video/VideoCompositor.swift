import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownTime
import MixdownUnits

/// Draws one output frame of a `VideoComposition` from the tracks' pictures:
/// background, then each layer from the bottom up with its opacity, transform
/// and crop at that time, or the instruction's custom transition.
///
/// Works on Y'CbCr 4:2:0 (`Picture`) at the canvas's depth, 8 or 10 bits, with
/// the DSP kernels: a blend is an integer lerp per sample (the same weights at
/// either depth), a wipe or a push a span of rows copied, a fill the background
/// colour (its 8-bit samples ×4 at 10 bits; in an HLG or PQ composition on its
/// 10-bit canvas, placed as an SDR clip's pixel of that colour is, by libzimg:
/// white at BT.2408's reference white). The pictures drawn must have the
/// canvas's depth. Positions
/// are taken to even pixels (whole chroma samples); opacity to 256ths. A layer's
/// picture must be its track's frame already conformed to the render size
/// (turned upright, scaled to fit or fill), as `ComposedVideoFrames` gives it; a
/// layer transform that turns or scales resamples through `resample`.
public struct VideoCompositor {
    /// The composition drawn.
    public let composition: VideoComposition
    /// Resamples a picture to another size (libswscale through MediaIO in a
    /// render; any scaler in a test).
    public typealias Resample = (Picture, _ width: Int, _ height: Int) throws(MediaIOError) -> Picture

    private let resample: Resample
    private let colours: CanvasColours

    /// A compositor for `composition`, resampling scaled layers with `resample`.
    public init(composition: VideoComposition, resample: @escaping Resample) {
        self.init(composition: composition, colours: CanvasColours(composition: composition), resample: resample)
    }

    /// A compositor sharing `colours` (with the overlay painter).
    init(composition: VideoComposition, colours: CanvasColours, resample: @escaping Resample) {
        self.composition = composition
        self.colours = colours
        self.resample = resample
    }

    /// The samples the background `colour` fills a canvas of `bitDepth` bits
    /// with: its video-range Y'CbCr by the composition's matrix (×4 at 10 bits),
    /// or in an HLG or PQ composition on a 10-bit canvas the codes an SDR BT.709
    /// picture of that colour is converted to (black stays 64, 512, 512).
    ///
    /// - Throws: `unsupported` when libzimg does not convert into the composition's colour.
    public func background(_ colour: Colour, bitDepth: Int) throws(MediaIOError) -> YCbCr {
        try colours.ycbcr(colour, bitDepth: bitDepth)
    }

    /// Draws the frame at `time` into `canvas` (render size) from `pictures`, the
    /// conformed frame of each track the instruction at `time` draws.
    ///
    /// A layer whose track has no picture (its clip has ended) is left out; one
    /// that draws the background (a gap's) is the background colour.
    /// - Throws: what `resample` throws; `unsupported` when an HDR background
    ///   colour cannot be converted.
    public func draw(at time: MediaTime, pictures: [Int: Picture], into canvas: Picture) throws(MediaIOError) {
        guard let instruction = composition.instruction(at: time) else {
            canvas.fill(try background(composition.backgroundColour, bitDepth: canvas.bitDepth))
            return
        }
        canvas.fill(try background(instruction.backgroundColour ?? composition.backgroundColour, bitDepth: canvas.bitDepth))
        // A gap's layer (`drawsBackground`) is a picture of the background colour.
        var filled: Picture?
        let colour = instruction.backgroundColour ?? composition.backgroundColour
        func picture(_ layer: VideoCompositionLayerInstruction?) throws(MediaIOError) -> Picture? {
            guard let layer else { return nil }
            guard layer.drawsBackground else { return pictures[layer.trackID] }
            if filled == nil {
                filled = Picture(width: canvas.width, height: canvas.height, bitDepth: canvas.bitDepth,
                                 colour: try background(colour, bitDepth: canvas.bitDepth))
            }
            return filled
        }
        if let custom = instruction.customTransition,
           let from = try picture(instruction.layerInstructions.first { $0.trackID == custom.fromTrackID }),
           let to = try picture(instruction.layerInstructions.first { $0.trackID == custom.toTrackID }) {
            Self.diagonalWipe(from: from, to: to, progress: custom.timeRange.progress(at: time), into: canvas)
            return
        }
        for layer in instruction.layerInstructions.reversed() {
            guard let picture = try picture(layer) else { continue }
            try draw(layer, picture: picture, at: time, into: canvas)
        }
    }

    /// One layer over what is drawn already.
    private func draw(_ layer: VideoCompositionLayerInstruction, picture: Picture, at time: MediaTime,
                      into canvas: Picture) throws(MediaIOError) {
        let opacity = Int((layer.opacity(at: time) * 256).rounded())
        guard opacity > 0 else { return }
        var area = picture.bounds
        if let crop = layer.cropRectangle(at: time) {
            area = area.intersection(PixelRect(x: Int(crop.x.rounded()), y: Int(crop.y.rounded()),
                                               width: Int(crop.width.rounded()), height: Int(crop.height.rounded())))
        }
        area = area.evenInside
        guard !area.isEmpty else { return }
        let transform = layer.transform(at: time)
        var source = picture
        if transform.quarterTurns != 0 || transform.scaleX != 1 || transform.scaleY != 1 {
            // Turn and scale the cropped part alone, then place it where its corner goes.
            let cropped = Picture(width: area.width, height: area.height, bitDepth: picture.bitDepth)
            cropped.blend(picture, area: area, at: (0, 0), opacity: 256)
            let turned = cropped.rotated(quarterTurns: transform.quarterTurns)
            let width = Self.even(Double(turned.width) * transform.scaleX)
            let height = Self.even(Double(turned.height) * transform.scaleY)
            guard width >= 2, height >= 2 else { return }
            source = width == turned.width && height == turned.height ? turned : try resample(turned, width, height)
            let origin = (Self.position(transform.translateX), Self.position(transform.translateY))
            canvas.blend(source, area: source.bounds, at: origin, opacity: opacity)
            return
        }
        let origin = (area.x + Self.position(transform.translateX), area.y + Self.position(transform.translateY))
        canvas.blend(source, area: area, at: origin, opacity: opacity)
    }

    /// AVCustomEdit's diagonal wipe as row spans: the incoming picture shows
    /// where `x/W + y/H < 2·progress`, an edge parallel to the diagonal from the
    /// top-right corner to the bottom-left, sweeping from the top-left corner to
    /// the bottom-right.
    static func diagonalWipe(from: Picture, to: Picture, progress: Double, into canvas: Picture) {
        canvas.blend(from, area: from.bounds, at: (0, 0), opacity: 256)
        let width = Double(canvas.width), height = Double(canvas.height)
        for y in stride(from: 0, to: canvas.height, by: 2) {
            let edge = min(canvas.width, max(0, even(width * (2 * progress - (Double(y) + 1) / height))))
            guard edge > 0 else { continue }
            canvas.blend(to, area: PixelRect(x: 0, y: y, width: edge, height: 2), at: (0, y), opacity: 256)
        }
    }

    /// A position rounded to the nearest even pixel.
    static func position(_ value: Double) -> Int { Int((value / 2).rounded()) * 2 }

    /// A length rounded to the nearest even number of pixels.
    static func even(_ value: Double) -> Int { Int((value / 2).rounded()) * 2 }

    static func ycbcr(_ colour: Colour, _ matrix: YCbCrMatrix) -> YCbCr {
        let samples = colour.videoRangeYCbCr(matrix)
        return YCbCr(y: samples.y, cb: samples.cb, cr: samples.cr)
    }
}
