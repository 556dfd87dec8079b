import MixdownAudioMix
import Foundation
import MixdownUnits

extension TimelinePlot {
    /// Colours of a lane's boxes and waveforms.
    struct Palette {
        var fill: String
        var alternateFill: String
        var stroke: String
        var wave: String
        var waveCore: String

        static func of(_ role: PlotLane.Role) -> Palette {
            switch role {
            case .video: return Palette(fill: "#dfe5ec", alternateFill: "#cdd6e1", stroke: "#7b8da3", wave: "#7b8da3", waveCore: "#4d5f75")
            case .overlays: return Palette(fill: "#fff3d6", alternateFill: "#ffe8b3", stroke: "#c99a2e", wave: "#c99a2e", waveCore: "#8a6414")
            case .audio(.clips): return Palette(fill: "#e6f2e3", alternateFill: "#d8ebd3", stroke: "#6aa15f", wave: "#74ad68", waveCore: "#3d7433")
            case .audio(.voiceovers): return Palette(fill: "#f0e6f7", alternateFill: "#e6d8f1", stroke: "#9b6fb8", wave: "#a57cc0", waveCore: "#65387f")
            case .audio(.music): return Palette(fill: "#e2ecf8", alternateFill: "#d3e2f4", stroke: "#6d95c4", wave: "#6f9bd0", waveCore: "#2d5c92")
            }
        }
    }

    static let envelopeColour = "#d9480f"
    /// The dialogue leveler's gain, dashed under the whole gain.
    static let levellerColour = "#2b8a3e"
    static let duckColour = "#f59f00"
    static let duckTextColour = "#a65300"
    static let speechColour = "#0c8599"
    /// Distance from an item's box edges to where its gain line draws 1 and 0.
    static let gainInset = 4.0

    /// The whole picture.
    func draw(into document: inout SVGDocument) {
        let w = String(width), h = String(height)
        document.open("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"), ("width", w), ("height", h),
                              ("viewBox", "0 0 \(w) \(h)"), ("font-family", "sans-serif")])
        document.element("title", text: "Mixdown timeline, \(String(format: "%.3f", duration)) s")
        document.element("rect", [("class", "background"), ("x", "0"), ("y", "0"), ("width", w), ("height", h), ("fill", "#ffffff")])
        drawHeader(into: &document)
        drawAxis(into: &document)
        for (index, lane) in lanes.enumerated() {
            draw(lane, index: index, top: layout.laneTops[index], into: &document)
        }
        drawCuts(into: &document)
        drawLegend(into: &document)
        document.close("svg")
    }

    /// Title and a line counting what is on the timeline.
    private func drawHeader(into document: inout SVGDocument) {
        document.element("text", [("class", "title"), ("x", "16"), ("y", "26"), ("font-size", "17"), ("font-weight", "bold"),
                                  ("fill", "#222")],
                         text: "Mixdown timeline · \(String(format: "%.3f", duration)) s · \(sampleRate)")
        let counts = lanes.map { lane -> String in
            let count = lane.items.count
            switch lane.role {
            case .video: return "\(count) video clip" + (count == 1 ? "" : "s")
            case .overlays: return "\(count) overlay" + (count == 1 ? "" : "s")
            case .audio(.clips): return "\(count) clip-audio item" + (count == 1 ? "" : "s")
            case .audio(.voiceovers): return "\(count) voice-over take" + (count == 1 ? "" : "s")
            case .audio(.music): return "\(count) music item" + (count == 1 ? "" : "s")
            }
        }
        // With --duck-clips the clips' lane ducks in the same places as the music: count places, not shadings.
        let ducks = Set(lanes.flatMap { $0.duckRegions.map { [$0.start, $0.end] } }).count
        let line = (counts + (ducks > 0 ? ["\(ducks) duck region" + (ducks == 1 ? "" : "s")] : [])).joined(separator: " · ")
        document.element("text", [("class", "subtitle"), ("x", "16"), ("y", "45"), ("font-size", "12"), ("fill", "#555")], text: line)
    }

    /// A lane: its label, background, duck shading, items and gain scale.
    private func draw(_ lane: PlotLane, index: Int, top: Double, into document: inout SVGDocument) {
        let n = SVGDocument.number
        let bottom = top + lane.height
        document.open("g", [("class", "lane"), ("id", "lane-\(lane.role.name)"), ("data-role", lane.role.name)])
        document.element("rect", [("class", "lane-background"), ("x", n(layout.plotLeft)), ("y", n(top)),
                                  ("width", n(layout.plotRight - layout.plotLeft)), ("height", n(lane.height)),
                                  ("fill", "#f6f7f9"), ("stroke", "#e1e4e8")])
        document.element("text", [("class", "lane-title"), ("x", "16"), ("y", n(top + 18)), ("font-size", "13"),
                                  ("font-weight", "bold"), ("fill", "#222")], text: lane.role.title)
        document.element("text", [("class", "lane-detail"), ("x", "16"), ("y", n(top + 33)), ("font-size", "10"), ("fill", "#666")],
                         text: laneDetail(lane))
        if lane.isAudio {
            let scaleX = n(layout.plotLeft - 5)
            // The gain scale of the lines, level with where they draw 1 (or more) and 0.
            document.element("text", [("x", scaleX), ("y", n(top + 3 + Self.gainInset + 3)), ("font-size", "9"), ("fill", "#999"),
                                      ("text-anchor", "end")],
                             text: lane.gainTop == 1 ? "1" : String(format: "%.2g", lane.gainTop))
            document.element("text", [("x", scaleX), ("y", n(bottom - 3 - Self.gainInset + 3)), ("font-size", "9"), ("fill", "#999"),
                                      ("text-anchor", "end")], text: "0")
        }
        if lane.items.isEmpty {
            document.element("text", [("x", n(layout.plotLeft + 8)), ("y", n(top + lane.height / 2 + 4)), ("font-size", "11"),
                                      ("fill", "#999")], text: lane.isAudio ? "(no audio)" : "(no items)")
        }
        let palette = Palette.of(lane.role)
        for (itemIndex, item) in lane.items.enumerated() {
            let fill = itemIndex % 2 == 0 ? palette.fill : palette.alternateFill
            draw(item, in: lane, id: "item-\(index)-\(itemIndex)", top: top, fill: fill, palette: palette, into: &document)
        }
        drawTransitions(lane, top: top, into: &document)
        drawSpeech(lane, top: top, into: &document)
        drawCues(lane, top: top, into: &document)
        // Over the items, translucent: under them the boxes would hide it.
        drawDuckShading(lane, top: top, into: &document)
        drawDuckLabels(lane, top: top, into: &document)
        document.close("g")
    }

    /// What is under the lane's title.
    private func laneDetail(_ lane: PlotLane) -> String {
        switch lane.role {
        case .video: return lane.transitions.isEmpty ? "cuts dashed" : "transitions shaded"
        case .overlays: return lane.cues.isEmpty ? "over the picture" : "cues as bars"
        case .audio(.clips): return "A/B tracks, gain line"
        case .audio(.voiceovers), .audio(.music): return lane.duckRegions.isEmpty ? "gain line" : "gain line, ducked"
        }
    }

    /// A bar along the bottom of the items wherever speech was found in them.
    private func drawSpeech(_ lane: PlotLane, top: Double, into document: inout SVGDocument) {
        guard !lane.speech.isEmpty else { return }
        let n = SVGDocument.number
        document.open("g", [("class", "speech")])
        for region in lane.speech where region.end > region.start {
            document.element("rect", [("class", "speech"), ("data-item", region.item),
                                      ("data-start", SVGDocument.seconds(region.start)), ("data-end", SVGDocument.seconds(region.end)),
                                      ("x", n(layout.x(region.start))), ("y", n(top + lane.height - 9)),
                                      ("width", n(layout.x(min(region.end, duration)) - layout.x(region.start))), ("height", "5"),
                                      ("fill", Self.speechColour)])
        }
        document.close("g")
    }

    /// A thin bar along the bottom of the overlay lane for each caption cue, a
    /// row per track, the cue's text in its tooltip.
    private func drawCues(_ lane: PlotLane, top: Double, into document: inout SVGDocument) {
        guard !lane.cues.isEmpty else { return }
        let n = SVGDocument.number
        document.open("g", [("class", "cues")])
        for cue in lane.cues where cue.end > cue.start && cue.start < duration {
            document.open("rect", [("class", "cue"), ("data-language", cue.language),
                                   ("data-start", SVGDocument.seconds(cue.start)), ("data-end", SVGDocument.seconds(cue.end)),
                                   ("x", n(layout.x(cue.start))), ("y", n(top + lane.height - 11 - Double(lane.cueRowCount - 1 - cue.track) * 9)),
                                   ("width", n(max(1, layout.x(min(cue.end, duration)) - layout.x(cue.start)))), ("height", "7"),
                                   ("fill", "#8a6414"), ("fill-opacity", "0.7")])
            document.element("title", text: "\(cue.language) \(SVGDocument.seconds(cue.start))–\(SVGDocument.seconds(cue.end)) s: \(cue.text)")
            document.close("rect")
        }
        document.close("g")
    }

    /// Shading wherever the lane is ducked.
    private func drawDuckShading(_ lane: PlotLane, top: Double, into document: inout SVGDocument) {
        guard !lane.duckRegions.isEmpty else { return }
        let n = SVGDocument.number
        document.open("g", [("class", "ducks")])
        for region in lane.duckRegions {
            document.element("rect", [("class", "duck"), ("data-start", SVGDocument.seconds(region.start)),
                                      ("data-end", SVGDocument.seconds(region.end)),
                                      ("data-depth-db", String(format: "%.1f", Gain.decibels(ofFactor: region.lowestGain))),
                                      ("x", n(layout.x(region.start))), ("y", n(top)),
                                      ("width", n(layout.x(region.end) - layout.x(region.start))), ("height", n(lane.height)),
                                      ("fill", Self.duckColour), ("fill-opacity", "0.16")])
        }
        document.close("g")
    }

    /// The depth of each duck region, above the items so it stays readable.
    private func drawDuckLabels(_ lane: PlotLane, top: Double, into document: inout SVGDocument) {
        let n = SVGDocument.number
        for region in lane.duckRegions where layout.x(region.end) - layout.x(region.start) > 60 {
            document.element("text", [("class", "duck-label"), ("x", n(layout.x(region.end) - 4)), ("y", n(top + 12)),
                                      ("font-size", "10"), ("fill", Self.duckTextColour), ("text-anchor", "end")],
                             text: "duck " + String(format: "%.0f dB", Gain.decibels(ofFactor: region.lowestGain)).replacingOccurrences(of: "-", with: "−"))
        }
    }

    /// One item: box, waveform × gain, gain line, file name.
    private func draw(_ item: PlotItem, in lane: PlotLane, id: String, top: Double, fill: String, palette: Palette,
                      into document: inout SVGDocument) {
        let n = SVGDocument.number
        let x0 = layout.x(max(0, item.start))
        let x1 = layout.x(min(item.end, duration))
        var boxTop = top + 3, boxBottom = top + lane.height - 3
        if lane.role == .overlays {
            boxTop += Double(item.row) * PlotLane.rowHeight
            boxBottom = boxTop + PlotLane.rowHeight - 2
        }
        var attributes = [("class", "item"), ("data-path", item.path),
                          ("data-start", SVGDocument.seconds(item.start)), ("data-end", SVGDocument.seconds(item.end)),
                          ("data-source-start", SVGDocument.seconds(item.sourceStart)),
                          ("data-source-end", SVGDocument.seconds(item.sourceEnd))]
        if let track = item.track { attributes.append(("data-track", String(track))) }
        document.open("g", attributes)
        document.element("title", text: String(format: "%@\ntimeline %.3f – %.3f s\nsource %.3f – %.3f s",
                                               item.path, item.start, item.end, item.sourceStart, item.sourceEnd))
        guard x1 > x0 else {
            document.close("g")
            return
        }
        document.open("clipPath", [("id", id)])
        document.element("rect", [("x", n(x0)), ("y", n(boxTop)), ("width", n(x1 - x0)), ("height", n(boxBottom - boxTop))])
        document.close("clipPath")
        document.element("rect", [("class", "box"), ("x", n(x0)), ("y", n(boxTop)), ("width", n(x1 - x0)),
                                  ("height", n(boxBottom - boxTop)), ("rx", "3"), ("fill", fill), ("fill-opacity", "0.8"),
                                  ("stroke", palette.stroke), ("stroke-width", "1")])
        document.open("g", [("clip-path", "url(#\(id))")])
        if let waveform = item.waveform {
            drawWaveform(waveform, of: item, from: x0, to: x1, top: boxTop, bottom: boxBottom, palette: palette, into: &document)
        }
        // Inset from the box so a gain of 0 or 1 is not lost in its border.
        let zeroY = boxBottom - Self.gainInset, topY = boxTop + Self.gainInset
        func line(_ envelope: GainEnvelope) -> String {
            let points = Self.gainPoints(envelope, from: max(0, item.start), to: min(item.end, duration), layout: layout)
            return SVGDocument.points(points.map { point in
                (x: layout.x(point.time), y: zeroY - min(point.gain / lane.gainTop, 1) * (zeroY - topY))
            })
        }
        if let leveller = item.leveller {
            document.element("polyline", [("class", "leveller"), ("data-track", item.track.map(String.init) ?? ""),
                                          ("points", line(leveller)), ("fill", "none"), ("stroke", Self.levellerColour),
                                          ("stroke-width", "1.4"), ("stroke-dasharray", "5 3"), ("stroke-linejoin", "round")])
        }
        if let envelope = item.envelope {
            document.element("polyline", [("class", "envelope"), ("data-track", item.track.map(String.init) ?? ""),
                                          ("points", line(envelope)), ("fill", "none"),
                                          ("stroke", Self.envelopeColour), ("stroke-width", "1.6"), ("stroke-linejoin", "round")])
        }
        // A name cut to a letter or two says nothing; the tooltip still has it.
        if x1 - x0 >= 24 { drawLabel(item, in: lane, x: x0, top: boxTop, into: &document) }
        if item.end > duration {
            // The renderer stops at the timeline's end; say so where the box is cut off.
            document.element("text", [("class", "cut-off"), ("x", n(x1 - 4)), ("y", n(boxBottom - 5)), ("font-size", "10"),
                                      ("fill", Self.duckTextColour), ("text-anchor", "end")],
                             text: "cut at end")
        }
        document.close("g")
        document.close("g")
    }

    /// The file name (and for video the length) at the item's top left, on a pale
    /// backing so it reads over the waveform.
    private func drawLabel(_ item: PlotItem, in lane: PlotLane, x: Double, top: Double, into document: inout SVGDocument) {
        let n = SVGDocument.number
        let name = item.fileName
        // Sans-serif at 11 px averages about 5.8 px a character; the backing only needs to be close.
        document.element("rect", [("x", n(x + 2)), ("y", n(top + 2)), ("width", n(Double(name.count) * 5.8 + 6)), ("height", "14"),
                                  ("rx", "2"), ("fill", "#ffffff"), ("fill-opacity", "0.7")])
        document.element("text", [("class", "label"), ("x", n(x + 5)), ("y", n(top + 13)), ("font-size", "11"), ("fill", "#222")],
                         text: name)
        if lane.role == .video {
            document.element("text", [("x", n(x + 5)), ("y", n(top + 30)), ("font-size", "10"), ("fill", "#555")],
                             text: String(format: "%.3f – %.3f s of the file", item.sourceStart, item.sourceEnd))
        }
    }

    /// The waveform, each column scaled by the item's gain at its middle: the peak
    /// range light, the RMS band dark, both around the box's centre line.
    private func drawWaveform(_ waveform: WaveformSummary, of item: PlotItem, from x0: Double, to x1: Double,
                              top: Double, bottom: Double, palette: Palette, into document: inout SVGDocument) {
        let columns = waveform.columns
        guard !columns.isEmpty else { return }
        let middle = (top + bottom) / 2
        let amplitude = (bottom - top) / 2 - 1
        let step = (x1 - x0) / Double(columns.count)
        let visibleEnd = min(item.end, duration)
        var upper: [(x: Double, y: Double)] = [], lower: [(x: Double, y: Double)] = []
        var rmsUpper: [(x: Double, y: Double)] = [], rmsLower: [(x: Double, y: Double)] = []
        for (k, column) in columns.enumerated() {
            let x = x0 + (Double(k) + 0.5) * step
            let time = max(0, item.start) + (Double(k) + 0.5) / Double(columns.count) * (visibleEnd - max(0, item.start))
            let gain = item.envelope?.gain(at: time) ?? 1
            func y(_ value: Float) -> Double { middle - max(-1, min(1, Double(value) * gain)) * amplitude }
            upper.append((x, y(column.maximum)))
            lower.append((x, y(column.minimum)))
            rmsUpper.append((x, y(column.rms)))
            rmsLower.append((x, y(-column.rms)))
        }
        // A silent stretch has no area; the thin stroke keeps it visible as a line.
        document.element("path", [("class", "waveform"), ("d", Self.band(upper, lower)), ("fill", palette.wave),
                                  ("stroke", palette.wave), ("stroke-width", "0.6")])
        document.element("path", [("class", "waveform-rms"), ("d", Self.band(rmsUpper, rmsLower)), ("fill", palette.waveCore),
                                  ("fill-opacity", "0.8")])
    }

    /// A closed path along `upper` left to right and back along `lower`.
    private static func band(_ upper: [(x: Double, y: Double)], _ lower: [(x: Double, y: Double)]) -> String {
        let n = SVGDocument.number
        var parts = upper.enumerated().map { ($0.offset == 0 ? "M" : "L") + "\(n($0.element.x)),\(n($0.element.y))" }
        parts += lower.reversed().map { "L\(n($0.x)),\(n($0.y))" }
        return parts.joined(separator: " ") + " Z"
    }

    /// Each transition as a translucent band over the two clips it joins, named.
    private func drawTransitions(_ lane: PlotLane, top: Double, into document: inout SVGDocument) {
        guard !lane.transitions.isEmpty else { return }
        let n = SVGDocument.number
        document.open("g", [("class", "transitions")])
        for transition in lane.transitions {
            let x0 = layout.x(transition.start), x1 = layout.x(min(transition.end, duration))
            document.element("rect", [("class", "transition"), ("data-kind", transition.kind),
                                      ("data-start", SVGDocument.seconds(transition.start)), ("data-end", SVGDocument.seconds(transition.end)),
                                      ("x", n(x0)), ("y", n(top + 3)), ("width", n(max(1, x1 - x0))), ("height", n(lane.height - 6)),
                                      ("fill", "#7b8da3"), ("fill-opacity", "0.35"), ("stroke", "#4d5f75"), ("stroke-dasharray", "2 2")])
            document.element("text", [("x", n((x0 + x1) / 2)), ("y", n(top + lane.height - 8)), ("font-size", "10"),
                                      ("fill", "#222"), ("text-anchor", "middle")], text: transition.kind)
        }
        document.close("g")
    }

    /// Dashed lines at every cut between video clips, through all lanes.
    private func drawCuts(into document: inout SVGDocument) {
        guard let video = lanes.first(where: { $0.role == .video }) else { return }
        let n = SVGDocument.number
        document.open("g", [("class", "cuts")])
        // A clip entered by a transition does not start at a cut.
        let transitionStarts = Set(video.transitions.map(\.start))
        for item in video.items where item.start > 0 && item.start < duration && !transitionStarts.contains(item.start) {
            let x = n(layout.x(item.start))
            document.element("line", [("class", "cut"), ("data-time", SVGDocument.seconds(item.start)), ("x1", x),
                                      ("y1", n(layout.axisY)), ("x2", x), ("y2", n(layout.lanesBottom)),
                                      ("stroke", "#333"), ("stroke-width", "1"), ("stroke-dasharray", "4 3")])
        }
        document.close("g")
    }
}
