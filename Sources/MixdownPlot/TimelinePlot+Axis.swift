import Foundation

extension TimelinePlot {
    /// Major and minor tick spacings in seconds, finest first.
    private static let tickSteps: [(major: Double, minor: Double)] = [
        (0.01, 0.002), (0.02, 0.005), (0.05, 0.01), (0.1, 0.02), (0.2, 0.05), (0.5, 0.1),
        (1, 0.2), (2, 0.5), (5, 1), (10, 2), (15, 5), (30, 10), (60, 15), (120, 30),
        (300, 60), (600, 120), (900, 300), (1_800, 600), (3_600, 900), (7_200, 1_800),
        (18_000, 3_600), (36_000, 7_200), (86_400, 21_600),
    ]

    /// The finest spacing whose labels stay at least `minimumPixels` apart.
    static func tickStep(pixelsPerSecond: Double, minimumPixels: Double = 64) -> (major: Double, minor: Double) {
        guard pixelsPerSecond > 0 else { return tickSteps[tickSteps.count - 1] }
        return tickSteps.first { $0.major * pixelsPerSecond >= minimumPixels } ?? tickSteps[tickSteps.count - 1]
    }

    /// A tick label: `"0 s"`, `"2.5 s"`, `"120 s"`, with no more digits than the spacing needs.
    static func tickLabel(_ seconds: Double, step: Double) -> String {
        let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : 2
        return String(format: "%.\(decimals)f s", seconds)
    }

    /// The time axis along the top, with faint grid lines down through the lanes.
    func drawAxis(into document: inout SVGDocument) {
        let step = Self.tickStep(pixelsPerSecond: layout.scale)
        let y = layout.axisY
        let n = SVGDocument.number
        document.open("g", [("class", "axis"), ("font-size", "11"), ("fill", "#333")])
        document.element("line", [("x1", n(layout.plotLeft)), ("y1", n(y)), ("x2", n(layout.plotRight)), ("y2", n(y)),
                                  ("stroke", "#555"), ("stroke-width", "1")])
        if duration > 0 {
            let minorCount = Int((duration / step.minor).rounded(.down) + 1e-9)
            for i in 0...minorCount {
                let x = n(layout.x(Double(i) * step.minor))
                document.element("line", [("x1", x), ("y1", n(y - 3)), ("x2", x), ("y2", n(y)), ("stroke", "#777")])
            }
            let majorCount = Int((duration / step.major).rounded(.down) + 1e-9)
            for i in 0...majorCount {
                let time = Double(i) * step.major
                let x = n(layout.x(time))
                document.element("line", [("class", "grid"), ("x1", x), ("y1", n(y)), ("x2", x), ("y2", n(layout.lanesBottom)),
                                          ("stroke", "#000"), ("stroke-opacity", "0.08")])
                document.element("line", [("x1", x), ("y1", n(y - 7)), ("x2", x), ("y2", n(y)), ("stroke", "#555")])
                document.element("text", [("class", "tick"), ("data-time", SVGDocument.seconds(time)), ("x", x), ("y", n(y - 10)),
                                          ("text-anchor", "middle")], text: Self.tickLabel(time, step: step.major))
            }
        }
        // The timeline's end, which is rarely on a tick.
        document.element("line", [("class", "end"), ("x1", n(layout.plotRight)), ("y1", n(y - 7)), ("x2", n(layout.plotRight)),
                                  ("y2", n(layout.lanesBottom)), ("stroke", "#555"), ("stroke-width", "1")])
        document.close("g")
    }
}
