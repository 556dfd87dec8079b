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
        var root: [String: JSONValue] = ["version": .number(project.version)]
        if !project.clips.isEmpty { root["clips"] = .array(project.clips.map(clip)) }
        if !project.voiceovers.isEmpty { root["voiceovers"] = .array(project.voiceovers.map(voiceover)) }
        if !project.music.isEmpty { root["music"] = .array(project.music.map(music)) }
        set(&root, "clipVolume", project.clipVolume, default: defaults.clipVolume, as: Self.gain)
        set(&root, "voiceoverVolume", project.voiceoverVolume, default: defaults.voiceoverVolume, as: Self.gain)
        set(&root, "musicVolume", project.musicVolume, default: defaults.musicVolume, as: Self.gain)
        set(&root, "cutFade", project.cutFade, default: defaults.cutFade, as: Self.time)
        let ducking = ducking(project.ducking)
        if !ducking.isEmpty { root["ducking"] = .object(ducking) }
        let video = video(project.video)
        if !video.isEmpty { root["video"] = .object(video) }
        let output = output(project.output)
        if !output.isEmpty { root["output"] = .object(output) }
        return .object(root)
    }

    // MARK: Items

    private func clip(_ clip: Project.Clip) -> JSONValue {
        let defaults = Project.Clip(path: "")
        var fields: [String: JSONValue] = ["path": path(clip.path)]
        if let inPoint = clip.inPoint { fields["in"] = Self.time(inPoint) }
        if let outPoint = clip.outPoint { fields["out"] = Self.time(outPoint) }
        set(&fields, "volume", clip.volume, default: defaults.volume, as: Self.gain)
        fade(clip.fade, into: &fields)
        if !clip.automation.isEmpty { fields["automation"] = .array(clip.automation.map(Self.ramp)) }
        set(&fields, "pan", clip.pan, default: defaults.pan, as: Self.pan)
        picture(of: clip, into: &fields)
        return .object(fields)
    }

    private func voiceover(_ take: Project.Voiceover) -> JSONValue {
        let defaults = Project.Voiceover(path: "", start: .zero)
        var fields: [String: JSONValue] = ["path": path(take.path), "start": Self.time(take.start)]
        if let inPoint = take.inPoint { fields["in"] = Self.time(inPoint) }
        if let outPoint = take.outPoint { fields["out"] = Self.time(outPoint) }
        set(&fields, "volume", take.volume, default: defaults.volume, as: Self.gain)
        fade(take.fade, into: &fields)
        if !take.automation.isEmpty { fields["automation"] = .array(take.automation.map(Self.ramp)) }
        set(&fields, "pan", take.pan, default: defaults.pan, as: Self.pan)
        set(&fields, "duck", take.ducks, default: defaults.ducks, as: JSONValue.bool)
        if let depth = take.duckDepth { fields["duckDepth"] = .number(depth.decibels) }
        return .object(fields)
    }

    private func music(_ bed: Project.Music) -> JSONValue {
        let defaults = Project.Music(path: "")
        var fields: [String: JSONValue] = ["path": path(bed.path)]
        set(&fields, "start", bed.start, default: defaults.start, as: Self.time)
        if let inPoint = bed.inPoint { fields["in"] = Self.time(inPoint) }
        if let outPoint = bed.outPoint { fields["out"] = Self.time(outPoint) }
        set(&fields, "volume", bed.volume, default: defaults.volume, as: Self.gain)
        fade(bed.fade, into: &fields)
        set(&fields, "loop", bed.loop, default: defaults.loop, as: JSONValue.bool)
        if !bed.automation.isEmpty { fields["automation"] = .array(bed.automation.map(Self.ramp)) }
        set(&fields, "pan", bed.pan, default: defaults.pan, as: Self.pan)
        return .object(fields)
    }

    /// An item's `fadeIn`, `fadeOut` and `fadeCurve`, where they differ from none.
    private func fade(_ fade: Fade, into fields: inout [String: JSONValue]) {
        let defaults = Fade()
        set(&fields, "fadeIn", fade.fadeIn, default: defaults.fadeIn, as: Self.time)
        set(&fields, "fadeOut", fade.fadeOut, default: defaults.fadeOut, as: Self.time)
        set(&fields, "fadeCurve", fade.curve, default: defaults.curve, as: Self.name)
    }

    private static func ramp(_ ramp: VolumeRamp) -> JSONValue {
        var fields: [String: JSONValue] = [
            "start": time(ramp.timeRange.start), "end": time(ramp.timeRange.end),
            "from": .number(ramp.startVolume), "to": .number(ramp.endVolume),
        ]
        if ramp.curve != .linear { fields["curve"] = name(ramp.curve) }
        return .object(fields)
    }

    // MARK: Settings

    private func ducking(_ ducking: Project.Ducking) -> [String: JSONValue] {
        let defaults = Project.Ducking()
        var fields: [String: JSONValue] = [:]
        set(&fields, "mode", ducking.mode, default: defaults.mode, as: Self.name)
        set(&fields, "sources", ducking.sources, default: defaults.sources, as: Self.parts)
        set(&fields, "targets", ducking.targets, default: defaults.targets, as: Self.parts)
        set(&fields, "depth", ducking.settings.depth.decibels, default: defaults.settings.depth.decibels, as: JSONValue.number)
        set(&fields, "fadeDown", ducking.settings.fadeDown, default: defaults.settings.fadeDown, as: Self.time)
        set(&fields, "fadeUp", ducking.settings.fadeUp, default: defaults.settings.fadeUp, as: Self.time)
        set(&fields, "maxPause", ducking.settings.maxPause, default: defaults.settings.maxPause, as: Self.time)
        set(&fields, "curve", ducking.settings.curve, default: defaults.settings.curve, as: Self.name)
        set(&fields, "threshold", ducking.threshold.decibels, default: defaults.threshold.decibels, as: JSONValue.number)
        set(&fields, "below", ducking.below.decibels, default: defaults.below.decibels, as: JSONValue.number)
        return fields
    }

    private func output(_ output: Project.Output) -> [String: JSONValue] {
        let defaults = Project.Output()
        var fields: [String: JSONValue] = [:]
        set(&fields, "sampleRate", Int(output.sampleRate.hertz), default: Int(defaults.sampleRate.hertz), as: JSONValue.number)
        set(&fields, "format", output.format, default: defaults.format, as: Self.name)
        set(&fields, "audioBitrate", output.audioBitrate.bitsPerSecond, default: defaults.audioBitrate.bitsPerSecond, as: JSONValue.number)
        if let duration = output.duration { fields["duration"] = Self.time(duration) }
        if let loudness = output.loudness {
            fields["loudness"] = .object(["target": .number(loudness.target.decibels), "truePeak": .number(loudness.ceiling.decibels)])
        }
        return fields
    }

    // MARK: Values

    func set<Value: Equatable>(_ fields: inout [String: JSONValue], _ key: String, _ value: Value,
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

    private func path(_ path: String) -> JSONValue {
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
