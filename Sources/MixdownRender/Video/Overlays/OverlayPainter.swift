import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownTime
import MixdownUnits

/// Draws a composition's overlay track over its composed frames, as Core
/// Animation's layer tree is drawn over a video composition by
/// `AVVideoCompositionCoreAnimationTool`: each overlay shown at a time, in
/// order, with its animated position, scale, turn and opacity.
///
/// Each overlay's pixels are made when it is first shown (an image decoded, a
/// text or an SVG rasterised) and kept, converted to the render's Y'CbCr, for
/// as long as they do not change: a title is rasterised once, an animated GIF
/// once per frame of its own, a scale animation once per output frame it
/// moves. An overlay's pixels are let go once the timeline has passed it, so
/// memory holds the overlays on screen, never the whole track. Times are
/// expected to increase (a render's frames); an earlier one starts the walk
/// over. In an HLG or PQ composition on its 10-bit canvas each overlay is
/// converted (once, as above) into a 10-bit overlay placed as an SDR clip is:
/// white at BT.2408's reference white (`GraphicsColourMapping`). Not thread-safe.
final class OverlayPainter {
    private let overlays: [Overlay]
    /// The overlays' indices by start time: a walk along it finds those that begin.
    private let byStart: [Int]
    private let renderWidth: Int
    private let renderHeight: Int
    private let matrix: YCbCrMatrix
    /// Where SDR graphics land on the canvas (HDR: BT.2408's reference white).
    private let colours: CanvasColours
    private let rasteriser = OverlayRasteriser()
    /// How far along `byStart` the walk is, and the time it was last at.
    private var next = 0
    private var lastTime: MediaTime?
    /// The overlays begun and not yet ended, by index, with their pixels once shown.
    private var active: [Int: OverlayLayer?] = [:]

    /// Prepares to draw `composition`'s overlays, placed in its colour by `colours`.
    init(composition: VideoComposition, colours: CanvasColours) {
        self.colours = colours
        let overlays = composition.overlays
        self.overlays = overlays
        byStart = overlays.indices.sorted { (overlays[$0].timeRange.start, $0) < (overlays[$1].timeRange.start, $1) }
        renderWidth = composition.renderSize.width
        renderHeight = composition.renderSize.height
        matrix = composition.colourMatrix
    }

    /// Draws every overlay shown at `time` over `canvas`, the frame composed for
    /// that time, later overlays over earlier ones.
    ///
    /// - Throws: `missingInput` or `unreadableMedia` for an image that cannot be
    ///   read (planning checks them first, so only a file changed since).
    func draw(at time: MediaTime, on canvas: Picture) throws(MediaIOError) {
        if let lastTime, time < lastTime { (next, active) = (0, [:]) }
        lastTime = time
        while next < byStart.count, overlays[byStart[next]].timeRange.start <= time {
            active[byStart[next]] = .some(nil)
            next += 1
        }
        for index in active.keys.sorted() {
            let overlay = overlays[index]
            guard overlay.isShown(at: time) else {
                // Passed: its pixels are let go.
                active[index] = nil
                continue
            }
            let layer = try layer(index)
            guard let state = overlay.state(at: time, natural: layer.naturalSize, renderWidth: renderWidth, renderHeight: renderHeight),
                  state.opacity > 0 else { continue }
            try layer.draw(state, at: overlay.localTime(at: time), on: canvas, matrix: matrix,
                           mapping: try colours.mapping(bitDepth: canvas.bitDepth), rasteriser: rasteriser)
        }
    }

    private func layer(_ index: Int) throws(MediaIOError) -> OverlayLayer {
        if let open = active[index] ?? nil { return open }
        let layer = try OverlayLayer(content: overlays[index].content, rasteriser: rasteriser)
        active[index] = layer
        return layer
    }
}
