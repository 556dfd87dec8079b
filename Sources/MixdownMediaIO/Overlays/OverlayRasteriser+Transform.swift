public import MixdownDSP
internal import MixdownCairo

extension OverlayRasteriser {
    /// `image` scaled by `scale` and turned by `degrees` clockwise about its
    /// centre, in a new image just large enough for the turned picture (the
    /// rest transparent), resampled by Cairo with its good filter.
    ///
    /// `dx` and `dy` are where the new image's top-left goes relative to where
    /// the unturned image's top-left was, so that the centre stays put; when
    /// the new size and the old differ by an odd number of pixels the centre
    /// moves up or left by half a pixel. At scale 1 and no turn (a whole number
    /// of turns) the image itself comes back. A scale that is not above 0 leaves
    /// nothing: a transparent 1×1 image at the centre.
    public static func transformed(_ image: OverlayImage, scale: Double, rotation degrees: Double)
        -> (image: OverlayImage, dx: Int, dy: Int) {
        guard scale > 0, scale.isFinite, degrees.isFinite else {
            return (OverlayImage(width: 1, height: 1), image.width / 2, image.height / 2)
        }
        if scale == 1, degrees.truncatingRemainder(dividingBy: 360) == 0 { return (image, 0, 0) }
        let width = Double(image.width), height = Double(image.height)
        let bounds = CairoCanvas.boundingSize(width: width, height: height, scale: scale, degreesClockwise: degrees)
        let turnedWidth = pixels(bounds.width), turnedHeight = pixels(bounds.height)
        let turned = OverlayImage(width: turnedWidth, height: turnedHeight)
        let canvas = CairoCanvas(image: turned)
        canvas.translate(x: Double(turnedWidth) / 2, y: Double(turnedHeight) / 2)
        canvas.rotate(degreesClockwise: degrees)
        canvas.scale(x: scale, y: scale)
        canvas.translate(x: -width / 2, y: -height / 2)
        canvas.draw(image)
        let dx = Int(((width - Double(turnedWidth)) / 2).rounded(.down))
        let dy = Int(((height - Double(turnedHeight)) / 2).rounded(.down))
        return (turned, dx, dy)
    }
}
