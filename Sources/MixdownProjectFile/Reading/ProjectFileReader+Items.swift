import MixdownAudioMix
import MixdownProject
import MixdownTime
import MixdownUnits

// The three item lists: clips, voice-over takes and music beds with their automation.

extension ProjectFileReader {
    func clip(_ value: Any, at path: JSONPath) -> Project.Clip? {
        guard let fields = object(value, at: path, known: Keys.clip, example: #"{"path": "clip.mp4"}"#) else { return nil }
        let file = require(fields, "path", at: path, expected: Self.expectedPath, as: filePath)
        var clip = Project.Clip(path: file ?? "")
        if let time = read(fields, "in", at: path, nullMeansDefault: true, as: time) { clip.inPoint = time }
        if let time = read(fields, "out", at: path, nullMeansDefault: true, as: time) { clip.outPoint = time }
        if let volume = read(fields, "volume", at: path, as: gain) { clip.volume = volume }
        readFade(fields, at: path, into: &clip.fade)
        if let ramps = readAutomation(fields, at: path, of: "clip") { clip.automation = ramps }
        if let pan = read(fields, "pan", at: path, as: pan) { clip.pan = pan }
        readPicture(fields, at: path, into: &clip)
        checkOrder(in: clip.inPoint, out: clip.outPoint, of: fields, at: path)
        return clip
    }

    func voiceover(_ value: Any, at path: JSONPath) -> Project.Voiceover? {
        let example = #"{"path": "vo.wav", "start": 12.5}"#
        guard let fields = object(value, at: path, known: Keys.voiceover, example: example) else { return nil }
        let file = require(fields, "path", at: path, expected: Self.expectedPath, as: filePath)
        let start = require(fields, "start", at: path, expected: "the timeline time the take starts at, like 12.5 or \"1:02.25\"", as: time)
        var take = Project.Voiceover(path: file ?? "", start: start ?? .zero)
        if let time = read(fields, "in", at: path, nullMeansDefault: true, as: time) { take.inPoint = time }
        if let time = read(fields, "out", at: path, nullMeansDefault: true, as: time) { take.outPoint = time }
        if let volume = read(fields, "volume", at: path, as: gain) { take.volume = volume }
        readFade(fields, at: path, into: &take.fade)
        if let ramps = readAutomation(fields, at: path, of: "voice-over take") { take.automation = ramps }
        if let pan = read(fields, "pan", at: path, as: pan) { take.pan = pan }
        if let flag = read(fields, "duck", at: path, as: bool) { take.ducks = flag }
        if let depth: DuckDepth = read(fields, "duckDepth", at: path, nullMeansDefault: true, as: decibels) { take.duckDepth = depth }
        checkOrder(in: take.inPoint, out: take.outPoint, of: fields, at: path)
        return take
    }

    func music(_ value: Any, at path: JSONPath) -> Project.Music? {
        guard let fields = object(value, at: path, known: Keys.music, example: #"{"path": "music.mp3"}"#) else { return nil }
        let file = require(fields, "path", at: path, expected: Self.expectedPath, as: filePath)
        var bed = Project.Music(path: file ?? "")
        if let time = read(fields, "start", at: path, as: time) { bed.start = time }
        if let time = read(fields, "in", at: path, nullMeansDefault: true, as: time) { bed.inPoint = time }
        if let time = read(fields, "out", at: path, nullMeansDefault: true, as: time) { bed.outPoint = time }
        if let volume = read(fields, "volume", at: path, as: gain) { bed.volume = volume }
        readFade(fields, at: path, into: &bed.fade)
        if let flag = read(fields, "loop", at: path, as: bool) { bed.loop = flag }
        if let ramps = readAutomation(fields, at: path, of: "music item") { bed.automation = ramps }
        if let pan = read(fields, "pan", at: path, as: pan) { bed.pan = pan }
        checkOrder(in: bed.inPoint, out: bed.outPoint, of: fields, at: path)
        return bed
    }

    /// The `fadeIn`, `fadeOut` and `fadeCurve` keys an item may have.
    func readFade(_ fields: [String: Any], at path: JSONPath, into fade: inout Fade) {
        if let time = read(fields, "fadeIn", at: path, as: time) { fade.fadeIn = time }
        if let time = read(fields, "fadeOut", at: path, as: time) { fade.fadeOut = time }
        if let curve = read(fields, "fadeCurve", at: path, as: { self.choice($0, at: $1) as RampCurve? }) { fade.curve = curve }
    }

    /// An item's `automation`: volume ramps that must not overlap one another.
    func readAutomation(_ fields: [String: Any], at path: JSONPath, of item: String) -> [VolumeRamp]? {
        guard let ramps = read(fields, "automation", at: path, as: { self.list($0, at: $1, of: "volume ramps", self.ramp) }) else {
            return nil
        }
        checkOverlaps(ramps.map { ($0.index, $0.ramp.timeRange) }, at: path.appending("automation"),
                      expected: "ramps of one \(item) that do not overlap")
        return ramps.map(\.ramp)
    }

    /// A ramp with its place in the list, so overlaps can name both ramps.
    struct IndexedRamp {
        var index: Int
        var ramp: VolumeRamp
    }

    func ramp(_ value: Any, at path: JSONPath) -> IndexedRamp? {
        let example = #"{"start": 10, "end": 12, "from": 1, "to": 0.5}"#
        guard let fields = object(value, at: path, known: Keys.ramp, example: example) else { return nil }
        let range = rampRange(fields, at: path, in: "timeline")
        let from = require(fields, "from", at: path, expected: "the volume at the start, like 1 or \"0dB\"", as: gain)
        let to = require(fields, "to", at: path, expected: "the volume at the end, like 0.5 or \"-6dB\"", as: gain)
        let curve = read(fields, "curve", at: path, as: { self.choice($0, at: $1) as RampCurve? }) ?? .linear
        guard let range, let from, let to, case let .index(index)? = path.components.last else { return nil }
        return IndexedRamp(index: index, ramp: VolumeRamp(startVolume: from.factor, endVolume: to.factor, timeRange: range, curve: curve))
    }

    /// A ramp's required `start` and `end`, times on `clock` ("timeline" or
    /// "clip"); nil (reported) when one is missing or wrong or the end comes first.
    func rampRange(_ fields: [String: Any], at path: JSONPath, in clock: String) -> MediaTimeRange? {
        let start = require(fields, "start", at: path, expected: "the \(clock) time the ramp starts at, like 10", as: time)
        let end = require(fields, "end", at: path, expected: "the \(clock) time the ramp ends at, like 12", as: time)
        guard let start, let end else { return nil }
        guard let range = try? MediaTimeRange(start: start, end: end) else {
            report(path.appending("end"), found: fields["end"].map(Self.describe) ?? "\(end)", expected: "a time at or after the ramp's start (\(start))")
            return nil
        }
        return range
    }

    /// Ramps of one list may not share time, nor start at the same instant
    /// (their order would be ambiguous); each conflict names both ramps.
    /// `ramps` are the ramps read, with their places in the list at `path`.
    func checkOverlaps(_ ramps: [(index: Int, range: MediaTimeRange)], at path: JSONPath, expected: String) {
        let sorted = ramps.sorted { ($0.range.start, $0.index) < ($1.range.start, $1.index) }
        var latest: (index: Int, range: MediaTimeRange)?
        var previous: (index: Int, range: MediaTimeRange)?
        for ramp in sorted {
            let other: (index: Int, range: MediaTimeRange)?
            if let previous, previous.range.start == ramp.range.start {
                other = previous
            } else if let latest, ramp.range.start < latest.range.end {
                other = latest
            } else {
                other = nil
            }
            if let other {
                report(path.appending(ramp.index),
                       found: "\(Self.rangeText(ramp.range)), which overlaps \(path.appending(other.index)) (\(Self.rangeText(other.range)))",
                       expected: expected)
            }
            if latest.map({ ramp.range.end > $0.range.end }) ?? true { latest = ramp }
            previous = ramp
        }
    }

    /// An out-point must come after the in-point.
    func checkOrder(in inPoint: MediaTime?, out outPoint: MediaTime?, of fields: [String: Any], at path: JSONPath) {
        guard let inPoint, let outPoint, outPoint <= inPoint else { return }
        report(path.appending("out"), found: fields["out"].map(Self.describe) ?? "\(outPoint)",
               expected: "a source time after the in-point (\(inPoint))")
    }

    static func rangeText(_ range: MediaTimeRange) -> String {
        "\(range.start.readable)–\(range.end.readable)"
    }
}
