import MixdownComposition
import MixdownMediaIO
import MixdownUnits

/// The human-readable table `mixdown probe` prints.
struct ProbeReport {
    let info: MediaInfo

    var text: String {
        var lines = ["\(MessageText.shown(info.path)): \(info.container), \(seconds(info.duration))"]
        for s in info.streams {
            var parts = ["#\(s.index) \(s.kind.rawValue) \(s.codec)" + (s.profile.map { " (\($0))" } ?? "")]
            parts.append("time base \(s.timeBase.map(\.description) ?? "unknown")")
            parts.append("start \(seconds(s.startTime))")
            parts.append("duration \(seconds(s.duration))")
            if let rate = s.sampleRate { parts.append("\(rate) Hz") }
            if let layout = s.channelLayout { parts.append(layout) }
            if let delay = s.encoderDelay { parts.append("encoder delay \(delay)") }
            if let w = s.width, let h = s.height { parts.append("\(w)x\(h)") }
            if let format = s.pixelFormat { parts.append(format) }
            if let rate = s.frameRate { parts.append("\(formatted(rate.framesPerSecond)) fps") }
            if let rotation = s.rotation, rotation != 0 { parts.append("rotation \(formatted(rotation))°") }
            if let keys = s.keyframeCount { parts.append("\(keys) keyframes") }
            if let gap = s.longestKeyframeInterval { parts.append("longest keyframe interval \(seconds(gap))") }
            if s.hasFrameReordering == true { parts.append("B-frames") }
            lines.append("  " + parts.joined(separator: ", "))
            if let colour = s.colour {
                lines.append("    colour: \(colour.summaryText)")
                if let metadata = colour.hdrMetadataText { lines.append("    mastering: \(metadata)") }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func seconds(_ value: Double?) -> String {
        value.map { formatted($0) + " s" } ?? "unknown"
    }

    private func formatted(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
