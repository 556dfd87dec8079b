/// Where everything goes: margins, the time-to-x mapping and the lanes' rows.
struct PlotLayout: Sendable {
    static let left = 132.0
    static let right = 24.0
    static let top = 58.0
    static let axisHeight = 30.0
    static let laneGap = 10.0
    /// Rows of the legend and of the warnings under the lanes.
    static let legendRow = 18.0
    static let warningLine = 16.0
    static let bottom = 14.0

    let width: Double
    let duration: Double
    /// The top of each lane, in order.
    let laneTops: [Double]
    /// The bottom of the last lane.
    let lanesBottom: Double
    let height: Double

    init(width: Double, duration: Double, laneHeights: [Double], legendRows: Int, warningLines: Int) {
        self.width = width
        self.duration = duration
        var y = Self.top + Self.axisHeight
        var tops: [Double] = []
        for height in laneHeights {
            tops.append(y)
            y += height + Self.laneGap
        }
        laneTops = tops
        lanesBottom = laneHeights.isEmpty ? y : y - Self.laneGap
        height = lanesBottom + 8 + Double(legendRows) * Self.legendRow
            + (warningLines > 0 ? 8 + Double(warningLines) * Self.warningLine : 0) + Self.bottom
    }

    /// The left edge of the time area (time 0).
    var plotLeft: Double { Self.left }
    /// The right edge of the time area (the timeline's end).
    var plotRight: Double { width - Self.right }
    /// Pixels per second.
    var scale: Double { duration > 0 ? (plotRight - plotLeft) / duration : 0 }
    /// The y of the axis line.
    var axisY: Double { Self.top + Self.axisHeight - 6 }

    /// The x of timeline time `seconds`.
    func x(_ seconds: Double) -> Double { plotLeft + seconds * scale }

    /// The timeline time at `x`.
    func time(atX x: Double) -> Double { scale > 0 ? (x - plotLeft) / scale : 0 }

    /// The pixel width an item from `start` to `end` covers.
    static func pixels(from start: Double, to end: Double, duration: Double, width: Double) -> Double {
        guard duration > 0 else { return 0 }
        return (end - start) * (width - left - right) / duration
    }
}
