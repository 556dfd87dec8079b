extension Picture {
    /// Draws `overlay` over this picture with its image's top-left pixel at
    /// `position` (any integers: what falls outside the picture is clipped):
    /// premultiplied alpha-over, plane by plane (`DSP.alphaOver`), luma with the
    /// overlay's alpha, chroma with its chroma alpha. Samples outside the
    /// overlay's grid (the image's area, widened to whole chroma samples) are
    /// left as they are, bit for bit; so are those under a transparent pixel.
    /// On a 10-bit picture an 8-bit overlay's samples count ×4 (`DSP.alphaOver`
    /// on 16-bit words), with the same alphas; a 10-bit overlay (SDR graphics
    /// converted into HDR) is drawn at its own codes.
    ///
    /// Allocates nothing: an overlay converted once (a title) is drawn on every frame.
    ///
    /// - Parameters:
    ///   - overlay: The overlay, converted for `position`'s parity.
    ///   - position: Where the image's top-left pixel lands, in luma samples.
    ///   - opacity: An extra opacity in 256ths (0 does nothing, 256 draws the
    ///     overlay as it is); values outside are clamped.
    /// - Precondition: `position`'s parity is the overlay's `phase`; a 10-bit
    ///   overlay is drawn on a 10-bit picture.
    public func draw(_ overlay: YCbCrOverlay, at position: (x: Int, y: Int), opacity: Int) {
        precondition(position.x & 1 == overlay.phase.x && position.y & 1 == overlay.phase.y,
                     "an overlay of phase \(overlay.phase) drawn at \(position)")
        precondition(overlay.bitDepth <= bitDepth, "a \(overlay.bitDepth)-bit overlay drawn on a \(bitDepth)-bit picture")
        guard opacity > 0 else { return }
        let gridX = position.x - overlay.phase.x, gridY = position.y - overlay.phase.y
        // Both rectangles have even edges, so their intersection does too.
        let target = PixelRect(x: gridX, y: gridY, width: overlay.width, height: overlay.height).intersection(bounds)
        guard !target.isEmpty else { return }
        let sourceX = target.x - gridX, sourceY = target.y - gridY
        for plane in Plane.allCases {
            let shift = plane == .y ? 0 : 1
            let (colour, alpha, offset): (YCbCrOverlay.Plane, YCbCrOverlay.Plane, UInt8) = switch plane {
            case .y: (.y, .alpha, 16)
            case .cb: (.cb, .chromaAlpha, 128)
            case .cr: (.cr, .chromaAlpha, 128)
            }
            let count = target.width >> shift
            for r in 0..<(target.height >> shift) {
                let sourceRow = (sourceY >> shift) + r, column = sourceX >> shift
                let targetRow = (target.y >> shift) + r, targetColumn = target.x >> shift
                let coverage = overlay.row(sourceRow, of: alpha) + column
                if overlay.bitDepth > 8 {
                    DSP.alphaOver(into: row16(targetRow, of: plane) + targetColumn, overlay.row16(sourceRow, of: colour) + column,
                                  alpha: coverage, offset: UInt16(offset) << (bitDepth - 8), opacity: opacity, count: count)
                    continue
                }
                let src = overlay.row(sourceRow, of: colour) + column
                if bitDepth == 8 {
                    DSP.alphaOver(into: row(targetRow, of: plane) + targetColumn, src, alpha: coverage,
                                  offset: offset, opacity: opacity, count: count)
                } else {
                    DSP.alphaOver(into: row16(targetRow, of: plane) + targetColumn, src, alpha: coverage,
                                  offset: UInt16(offset) << (bitDepth - 8), opacity: opacity, count: count)
                }
            }
        }
    }
}
