extension TimelinePlot {
    /// One entry of the legend: its mark and what it means.
    enum LegendEntry: CaseIterable {
        case waveform, gain, leveller, duck, speech, cut

        var text: String {
            switch self {
            case .waveform: return "waveform × gain (RMS darker)"
            case .gain: return "gain: 0 at lane bottom, 1 at top"
            case .leveller: return "dialogue leveler's part of it"
            case .duck: return "ducked"
            case .speech: return "speech found (drives the duck)"
            case .cut: return "cut"
            }
        }

        /// Room the entry takes: the mark, a gap, the text at about 6 px a character, a gap.
        var width: Double { 24 + Double(text.count) * 6 + 24 }
    }

    /// Characters of 11 px sans-serif that fit in `pixels`, on the safe side.
    private static func characters(fitting pixels: Double) -> Int { max(20, Int(pixels / 6.2)) }

    /// The legend's entries in rows that fit between the margins; the leveler's
    /// only when a lane shows it.
    static func legendRows(width: Double, levelled: Bool) -> [[LegendEntry]] {
        let room = width - PlotLayout.left - PlotLayout.right
        var rows: [[LegendEntry]] = [[]]
        var used = 0.0
        for entry in LegendEntry.allCases where levelled || entry != .leveller {
            if used + entry.width > room, !rows[rows.count - 1].isEmpty {
                rows.append([])
                used = 0
            }
            rows[rows.count - 1].append(entry)
            used += entry.width
        }
        return rows
    }

    /// A line of the warnings under the lanes; a continued one is indented.
    struct WarningLine: Sendable {
        var text: String
        var continued: Bool
    }

    /// `warnings` as lines that fit the picture, broken at spaces.
    static func wrap(warnings: [String], width: Double) -> [WarningLine] {
        // Continued lines start 24 px further in.
        let limit = characters(fitting: width - 32 - 24)
        var lines: [WarningLine] = []
        for warning in warnings {
            var line = WarningLine(text: "warning:", continued: false)
            var hasWord = false
            for word in warning.split(separator: " ") {
                if hasWord, line.text.count + 1 + word.count > limit {
                    lines.append(line)
                    line = WarningLine(text: String(word), continued: true)
                } else {
                    line.text += " " + word
                    hasWord = true
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// What the marks mean, then the plan's warnings.
    func drawLegend(into document: inout SVGDocument) {
        let n = SVGDocument.number
        var y = layout.lanesBottom + 8 + 13
        document.open("g", [("class", "legend"), ("font-size", "11"), ("fill", "#444")])
        for row in Self.legendRows(width: Double(width), levelled: isLevelled) {
            var x = layout.plotLeft
            for entry in row {
                switch entry {
                case .waveform:
                    document.element("rect", [("x", n(x)), ("y", n(y - 9)), ("width", "18"), ("height", "10"), ("fill", "#6f9bd0")])
                case .gain:
                    document.element("line", [("x1", n(x)), ("y1", n(y - 4)), ("x2", n(x + 18)), ("y2", n(y - 4)),
                                              ("stroke", Self.envelopeColour), ("stroke-width", "2")])
                case .leveller:
                    document.element("line", [("x1", n(x)), ("y1", n(y - 4)), ("x2", n(x + 18)), ("y2", n(y - 4)),
                                              ("stroke", Self.levellerColour), ("stroke-width", "2"), ("stroke-dasharray", "5 3")])
                case .duck:
                    document.element("rect", [("x", n(x)), ("y", n(y - 9)), ("width", "18"), ("height", "10"),
                                              ("fill", Self.duckColour), ("fill-opacity", "0.35")])
                case .speech:
                    document.element("rect", [("x", n(x)), ("y", n(y - 6)), ("width", "18"), ("height", "5"), ("fill", Self.speechColour)])
                case .cut:
                    document.element("line", [("x1", n(x)), ("y1", n(y - 4)), ("x2", n(x + 18)), ("y2", n(y - 4)),
                                              ("stroke", "#333"), ("stroke-dasharray", "4 3")])
                }
                document.element("text", [("x", n(x + 24)), ("y", n(y))], text: entry.text)
                x += entry.width
            }
            y += PlotLayout.legendRow
        }
        document.close("g")
        guard !warningLines.isEmpty else { return }
        y += 8 - PlotLayout.legendRow + PlotLayout.warningLine
        document.open("g", [("class", "warnings"), ("font-size", "11"), ("fill", Self.duckTextColour)])
        for (i, line) in warningLines.enumerated() {
            document.element("text", [("class", line.continued ? "warning-continued" : "warning"), ("x", line.continued ? "40" : "16"),
                                      ("y", n(y + Double(i) * PlotLayout.warningLine))], text: line.text)
        }
        document.close("g")
    }
}
