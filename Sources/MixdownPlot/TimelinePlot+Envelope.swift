import MixdownAudioMix

extension TimelinePlot {
    /// A point of a gain line.
    struct GainPoint {
        var time: Double
        var gain: Double
    }

    /// `envelope` from `start` to `end` as points to join with straight lines.
    ///
    /// Every pixel column gets a point, so curved fades look curved; and every
    /// breakpoint of the envelope (each span boundary) gets a point on both of its
    /// sides, so a linear ramp is exact from end to end and a jump is vertical
    /// rather than a slope across a pixel.
    static func gainPoints(_ envelope: GainEnvelope, from start: Double, to end: Double, layout: PlotLayout) -> [GainPoint] {
        guard end > start else { return [] }
        // Sort keys: at one instant, the value arriving from the left comes first.
        var keyed: [(point: GainPoint, order: Int)] = [(GainPoint(time: start, gain: envelope.gain(at: start)), 1)]
        let spans = envelope.spans
        for i in spans.indices.dropFirst() {
            let time = spans[i].start.seconds
            guard time > start, time < end else { continue }
            keyed.append((GainPoint(time: time, gain: spans[i - 1].endGain), 0))
            keyed.append((GainPoint(time: time, gain: spans[i].startGain), 1))
        }
        var x = layout.x(start).rounded(.down) + 1
        while x < layout.x(end) {
            let time = layout.time(atX: x)
            if time > start, time < end {
                keyed.append((GainPoint(time: time, gain: envelope.gain(at: time)), 2))
            }
            x += 1
        }
        // At the end, the value the envelope approaches from inside the item.
        let last = spans.last { $0.start.seconds < end }
        let endGain = last.flatMap { span in span.end?.seconds == end ? span.endGain : nil } ?? envelope.gain(at: end)
        keyed.append((GainPoint(time: end, gain: endGain), 0))
        return keyed.enumerated().sorted { a, b in
            if a.element.point.time != b.element.point.time { return a.element.point.time < b.element.point.time }
            if a.element.order != b.element.order { return a.element.order < b.element.order }
            return a.offset < b.offset
        }.map(\.element.point)
    }
}
