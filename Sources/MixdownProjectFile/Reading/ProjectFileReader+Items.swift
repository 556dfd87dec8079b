import MixdownAudioMix
import MixdownProject
import MixdownTime
import MixdownUnits

// The three item lists: clips, voice-over takes and music beds with their automation.

extension ProjectFileReader {
    func clip(_ value: Any, at path: JSONPath) -> Project.Clip? {
        guard let fields = object(value, at: path, known: Key.Clip.known, example: #"{"path": "clip.mp4"}"#) else { return nil }
        if fields[Key.Clip.gap] != nil { return gap(fields, at: path) }
        var clip = Project.Clip(path: "")
        readItem(fields, at: path, of: "clip", into: &clip, after: [
            .pan: { clip in
                self.readPicture(fields, at: path, into: &clip)
                clip.dialogue = self.read(fields, Key.Clip.dialogue, at: path, as: self.dialogueOverride)
            },
        ])
        return clip
    }

    /// A gap, `{"gap": 2.5}` with perhaps a `transition`: the background and
    /// silence for that long. Any other key (a `path`, in- and out-points,
    /// audio or picture settings) is refused where it stands: a gap plays no file.
    private func gap(_ fields: [String: Any], at path: JSONPath) -> Project.Clip? {
        for key in fields.keys.sorted() where !Key.Clip.gapKnown.contains(key) && Key.Clip.known.contains(key) {
            report(path.appending(key), found: "\(JSONValue.quoted(key)) beside \"gap\"",
                   expected: "a gap holding only \"gap\" and \"transition\" (a gap is the background colour and silence, "
                       + "it plays no file); remove \(JSONValue.quoted(key)) or \"gap\"")
        }
        guard let duration = read(fields, Key.Clip.gap, at: path, as: positiveTime) else { return nil }
        var clip = Project.Clip(gap: duration)
        readPicture(fields.filter { Key.Clip.gapKnown.contains($0.key) }, at: path, into: &clip)
        return clip
    }

    func voiceover(_ value: Any, at path: JSONPath) -> Project.Voiceover? {
        let example = #"{"path": "vo.wav", "start": 12.5}"#
        guard let fields = object(value, at: path, known: Key.Voiceover.known, example: example) else { return nil }
        var take = Project.Voiceover(path: "", start: .zero)
        readItem(fields, at: path, of: "voice-over take", into: &take, after: [
            .path: { take in
                let expected = "the timeline time the take starts at, like 12.5 or \"1:02.25\""
                if let time = self.require(fields, Key.Voiceover.start, at: path, expected: expected, as: self.time) { take.start = time }
            },
            .pan: { take in
                if let flag = self.read(fields, Key.Voiceover.duck, at: path, as: self.bool) { take.ducks = flag }
                if let depth: DuckDepth = self.read(fields, Key.Voiceover.duckDepth, at: path, nullMeansDefault: true, as: self.decibels) {
                    take.duckDepth = depth
                }
                take.dialogue = self.read(fields, Key.Voiceover.dialogue, at: path, as: self.dialogueOverride)
            },
        ])
        return take
    }

    func music(_ value: Any, at path: JSONPath) -> Project.Music? {
        guard let fields = object(value, at: path, known: Key.Music.known, example: #"{"path": "music.mp3"}"#) else { return nil }
        var bed = Project.Music(path: "")
        readItem(fields, at: path, of: "music item", into: &bed, after: [
            .path: { bed in if let time = self.read(fields, Key.Music.start, at: path, as: self.time) { bed.start = time } },
            .fadeCurve: { bed in if let flag = self.read(fields, Key.Music.loop, at: path, as: self.bool) { bed.loop = flag } },
        ])
        return bed
    }

    /// Reads an item of kind `kind` (for messages) into `value`: each key every
    /// item has (`Project.Item`) in documented order, and right after one of
    /// them the kind's own keys that the format lists there (`after`: a take's
    /// `start` after `path`), so problems come in the format's order. Last, an
    /// out-point must come after the in-point.
    func readItem<Kind: Project.TimelineItem>(_ fields: [String: Any], at path: JSONPath, of kind: String, into value: inout Kind,
                                              after own: [Key.Item: (inout Kind) -> Void]) {
        for key in Key.Item.allCases {
            read(key, in: fields, at: path, of: kind, into: &value.item)
            own[key]?(&value)
        }
        checkOrder(of: value.item, in: fields, at: path)
    }

    /// One key every item has, read into `item` when it is there and right.
    private func read(_ key: Key.Item, in fields: [String: Any], at path: JSONPath, of kind: String, into item: inout Project.Item) {
        switch key {
        case .path:
            if let file = require(fields, key, at: path, expected: Self.expectedPath, as: filePath) { item.path = file }
        case .inPoint:
            if let time = read(fields, key, at: path, nullMeansDefault: true, as: time) { item.inPoint = time }
        case .outPoint:
            if let time = read(fields, key, at: path, nullMeansDefault: true, as: time) { item.outPoint = time }
        case .volume:
            if let volume = read(fields, key, at: path, as: gain) { item.volume = volume }
        case .fadeIn:
            if let time = read(fields, key, at: path, as: time) { item.fade.fadeIn = time }
        case .fadeOut:
            if let time = read(fields, key, at: path, as: time) { item.fade.fadeOut = time }
        case .fadeCurve:
            if let curve = read(fields, key, at: path, as: { self.choice($0, at: $1) as RampCurve? }) { item.fade.curve = curve }
        case .automation:
            if let ramps = readAutomation(fields, at: path, of: kind) { item.automation = ramps }
        case .pan:
            if let pan = read(fields, key, at: path, as: pan) { item.pan = pan }
        }
    }

    /// An item's `automation`: volume ramps that must not overlap one another.
    func readAutomation(_ fields: [String: Any], at path: JSONPath, of item: String) -> [VolumeRamp]? {
        guard let ramps = read(fields, Key.Item.automation, at: path, as: { self.list($0, at: $1, of: "volume ramps", self.ramp) }) else {
            return nil
        }
        checkOverlaps(ramps.map { ($0.index, $0.ramp.timeRange) }, at: path.appending(Key.Item.automation),
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
        guard let fields = object(value, at: path, known: Key.Ramp.known, example: example) else { return nil }
        let range = rampRange(fields, at: path, in: "timeline")
        let from = require(fields, Key.Ramp.from, at: path, expected: "the volume at the start, like 1 or \"0dB\"", as: gain)
        let to = require(fields, Key.Ramp.to, at: path, expected: "the volume at the end, like 0.5 or \"-6dB\"", as: gain)
        let curve = read(fields, Key.Ramp.curve, at: path, as: { self.choice($0, at: $1) as RampCurve? }) ?? .linear
        guard let range, let from, let to, case let .index(index)? = path.components.last else { return nil }
        return IndexedRamp(index: index, ramp: VolumeRamp(startVolume: from.factor, endVolume: to.factor, timeRange: range, curve: curve))
    }

    /// A ramp's required `start` and `end`, times on `clock` ("timeline" or
    /// "clip"); nil (reported) when one is missing or wrong or the end comes first.
    func rampRange(_ fields: [String: Any], at path: JSONPath, in clock: String) -> MediaTimeRange? {
        timeRange(fields, from: Key.Ramp.start, to: Key.Ramp.end, at: path, of: "ramp", in: clock)
    }

    /// The required times under `startKey` and `endKey` of a `thing` ("ramp",
    /// "animation") on `clock`; nil (reported) when one is missing or wrong or
    /// the end comes first. An end at the start is a jump, and fine.
    func timeRange<Name: ProjectFileKey>(_ fields: [String: Any], from startKey: Name, to endKey: Name, at path: JSONPath,
                                         of thing: String, in clock: String) -> MediaTimeRange? {
        let start = require(fields, startKey, at: path, expected: "the \(clock) time the \(thing) starts at, like 10", as: time)
        let end = require(fields, endKey, at: path, expected: "the \(clock) time the \(thing) ends at, like 12", as: time)
        guard let start, let end else { return nil }
        guard let range = try? MediaTimeRange(start: start, end: end) else {
            report(path.appending(endKey), found: fields[endKey].map(Self.describe) ?? "\(end)",
                   expected: "a time at or after the \(thing)'s start (\(start))")
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

    /// An item's out-point must come after its in-point.
    private func checkOrder(of item: Project.Item, in fields: [String: Any], at path: JSONPath) {
        guard let inPoint = item.inPoint, let outPoint = item.outPoint, outPoint <= inPoint else { return }
        report(path.appending(Key.Item.outPoint), found: fields[Key.Item.outPoint].map(Self.describe) ?? "\(outPoint)",
               expected: "a source time after the in-point (\(inPoint))")
    }

    static func rangeText(_ range: MediaTimeRange) -> String {
        "\(range.start.readable)–\(range.end.readable)"
    }
}
