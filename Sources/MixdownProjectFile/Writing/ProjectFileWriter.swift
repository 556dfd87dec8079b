import MixdownAudioMix
import MixdownProject
import MixdownTime
import MixdownUnits

/// Builds the JSON document for a ``Project``: `version` and every value that
/// differs from its default, so a project made from a few flags stays short.
struct ProjectFileWriter {
    /// The folder of the file being written; media under it get relative paths.
    /// `nil` writes paths exactly as the project holds them.
    let baseDirectory: String?

    func document(for project: Project) -> JSONValue {
        let defaults = Project()
        var root: [String: JSONValue] = [:]
        root[Key.Project.version] = .number(project.version)
        if !project.clips.isEmpty { root[Key.Project.clips] = .array(project.clips.map(clip)) }
        if !project.voiceovers.isEmpty { root[Key.Project.voiceovers] = .array(project.voiceovers.map(voiceover)) }
        if !project.music.isEmpty { root[Key.Project.music] = .array(project.music.map(music)) }
        set(&root, Key.Project.clipVolume, project.clipVolume, default: defaults.clipVolume, as: Self.gain)
        set(&root, Key.Project.voiceoverVolume, project.voiceoverVolume, default: defaults.voiceoverVolume, as: Self.gain)
        set(&root, Key.Project.musicVolume, project.musicVolume, default: defaults.musicVolume, as: Self.gain)
        set(&root, Key.Project.cutFade, project.cutFade, default: defaults.cutFade, as: Self.time)
        let ducking = ducking(project.ducking)
        if !ducking.isEmpty { root[Key.Project.ducking] = .object(ducking) }
        let dialogue = dialogue(project.dialogue)
        if !dialogue.isEmpty { root[Key.Project.dialogue] = .object(dialogue) }
        let video = video(project.video)
        if !video.isEmpty { root[Key.Project.video] = .object(video) }
        if !project.overlays.isEmpty { root[Key.Project.overlays] = .array(project.overlays.map(overlay)) }
        if !project.captions.isEmpty { root[Key.Project.captions] = .array(project.captions.map(captions)) }
        let output = output(project.output)
        if !output.isEmpty { root[Key.Project.output] = .object(output) }
        return .object(root)
    }

    // MARK: Items

    private func clip(_ clip: Project.Clip) -> JSONValue {
        if let gap = clip.gapDuration {
            // A gap is its length and the transition into it; nothing else of a clip applies.
            var fields: [String: JSONValue] = [Key.Clip.gap.rawValue: Self.time(gap)]
            picture(of: clip, into: &fields)
            return .object(fields)
        }
        var fields = item(clip.item)
        picture(of: clip, into: &fields)
        if let dialogue = clip.dialogue, !dialogue.isEmpty { fields[Key.Clip.dialogue] = .object(self.dialogue(dialogue)) }
        return .object(fields)
    }

    private func voiceover(_ take: Project.Voiceover) -> JSONValue {
        let defaults = Project.Voiceover(path: "", start: .zero)
        var fields = item(take.item)
        fields[Key.Voiceover.start] = Self.time(take.start)
        set(&fields, Key.Voiceover.duck, take.ducks, default: defaults.ducks, as: JSONValue.bool)
        if let depth = take.duckDepth { fields[Key.Voiceover.duckDepth] = .number(depth.decibels) }
        if let dialogue = take.dialogue, !dialogue.isEmpty { fields[Key.Voiceover.dialogue] = .object(self.dialogue(dialogue)) }
        return .object(fields)
    }

    private func music(_ bed: Project.Music) -> JSONValue {
        let defaults = Project.Music(path: "")
        var fields = item(bed.item)
        set(&fields, Key.Music.start, bed.start, default: defaults.start, as: Self.time)
        set(&fields, Key.Music.loop, bed.loop, default: defaults.loop, as: JSONValue.bool)
        return .object(fields)
    }

    /// The keys every item has: `path`, and the rest where they differ from a new item's.
    private func item(_ item: Project.Item) -> [String: JSONValue] {
        let defaults = Project.Item(path: "")
        var fields: [String: JSONValue] = [:]
        fields[Key.Item.path] = path(item.path)
        if let inPoint = item.inPoint { fields[Key.Item.inPoint] = Self.time(inPoint) }
        if let outPoint = item.outPoint { fields[Key.Item.outPoint] = Self.time(outPoint) }
        set(&fields, Key.Item.volume, item.volume, default: defaults.volume, as: Self.gain)
        set(&fields, Key.Item.fadeIn, item.fade.fadeIn, default: defaults.fade.fadeIn, as: Self.time)
        set(&fields, Key.Item.fadeOut, item.fade.fadeOut, default: defaults.fade.fadeOut, as: Self.time)
        set(&fields, Key.Item.fadeCurve, item.fade.curve, default: defaults.fade.curve, as: Self.name)
        if !item.automation.isEmpty { fields[Key.Item.automation] = .array(item.automation.map(Self.ramp)) }
        set(&fields, Key.Item.pan, item.pan, default: defaults.pan, as: Self.pan)
        return fields
    }

    private static func ramp(_ ramp: VolumeRamp) -> JSONValue {
        var fields = self.ramp(over: ramp.timeRange, from: .number(ramp.startVolume), to: .number(ramp.endVolume))
        if ramp.curve != .linear { fields[Key.Ramp.curve] = name(ramp.curve) }
        return .object(fields)
    }

    /// What every ramp has, of the volume or of a picture property: `start`, `end`, `from` and `to`.
    static func ramp(over range: MediaTimeRange, from: JSONValue, to: JSONValue) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        fields[Key.Ramp.start] = time(range.start)
        fields[Key.Ramp.end] = time(range.end)
        fields[Key.Ramp.from] = from
        fields[Key.Ramp.to] = to
        return fields
    }

    // MARK: Settings

    private func ducking(_ ducking: Project.Ducking) -> [String: JSONValue] {
        let defaults = Project.Ducking()
        var fields: [String: JSONValue] = [:]
        set(&fields, Key.Ducking.mode, ducking.mode, default: defaults.mode, as: Self.name)
        set(&fields, Key.Ducking.sources, ducking.sources, default: defaults.sources, as: Self.parts)
        set(&fields, Key.Ducking.targets, ducking.targets, default: defaults.targets, as: Self.parts)
        set(&fields, Key.Ducking.depth, ducking.settings.depth.decibels, default: defaults.settings.depth.decibels, as: JSONValue.number)
        set(&fields, Key.Ducking.fadeDown, ducking.settings.fadeDown, default: defaults.settings.fadeDown, as: Self.time)
        set(&fields, Key.Ducking.fadeUp, ducking.settings.fadeUp, default: defaults.settings.fadeUp, as: Self.time)
        set(&fields, Key.Ducking.maxPause, ducking.settings.maxPause, default: defaults.settings.maxPause, as: Self.time)
        set(&fields, Key.Ducking.curve, ducking.settings.curve, default: defaults.settings.curve, as: Self.name)
        set(&fields, Key.Ducking.threshold, ducking.threshold.decibels, default: defaults.threshold.decibels, as: JSONValue.number)
        set(&fields, Key.Ducking.below, ducking.below.decibels, default: defaults.below.decibels, as: JSONValue.number)
        return fields
    }

    private func output(_ output: Project.Output) -> [String: JSONValue] {
        let defaults = Project.Output()
        var fields: [String: JSONValue] = [:]
        set(&fields, Key.Output.sampleRate, Int(output.sampleRate.hertz), default: Int(defaults.sampleRate.hertz), as: JSONValue.number)
        set(&fields, Key.Output.format, output.format, default: defaults.format, as: Self.name)
        set(&fields, Key.Output.audioBitrate, output.audioBitrate.bitsPerSecond, default: defaults.audioBitrate.bitsPerSecond, as: JSONValue.number)
        if let duration = output.duration { fields[Key.Output.duration] = Self.time(duration) }
        if let loudness = output.loudness {
            var object: [String: JSONValue] = [:]
            object[Key.Loudness.target] = .number(loudness.target.decibels)
            object[Key.Loudness.truePeak] = .number(loudness.ceiling.decibels)
            fields[Key.Output.loudness] = .object(object)
        }
        return fields
    }

    // MARK: Values

    func set<Value: Equatable>(_ fields: inout [String: JSONValue], _ key: some ProjectFileKey, _ value: Value,
                               default defaultValue: Value, as encode: (Value) -> JSONValue) {
        if value != defaultValue { fields[key] = encode(value) }
    }

    private static func gain(_ gain: Gain) -> JSONValue {
        .number(gain.factor)
    }

    private static func pan(_ pan: Pan) -> JSONValue {
        .number(pan.position)
    }

    /// Parts of the mix in their documented order.
    private static func parts(_ parts: Set<MixPart>) -> JSONValue {
        .array(parts.sorted().map(name))
    }

    func path(_ path: String) -> JSONValue {
        .string(baseDirectory.map { ProjectFilePaths.relative(path, to: $0) } ?? path)
    }

    static func name<Name: RawRepresentable>(_ value: Name) -> JSONValue where Name.RawValue == String {
        .string(value.rawValue)
    }

    /// A number of seconds when the loader reads that number back as exactly
    /// this time; else the decimal as a string (`"1234567890.123456789"`).
    /// A time with no decimal form of at most 9 fraction digits (1/3 s) is
    /// written to the nearest nanosecond, the finest a project file holds.
    static func time(_ time: MediaTime) -> JSONValue {
        var text = time.description
        text.removeLast()  // "s"
        if text.contains("/") {
            guard let nearest = try? time.converted(toTimescale: MediaTime.jsonNumberTimescale) else { return .string(text) }
            return self.time(nearest)
        }
        if let seconds = Double(text), time < .zero || MediaTime(decimalLiteral: seconds.description) == time {
            return .number(text)
        }
        return .string(text)
    }
}
