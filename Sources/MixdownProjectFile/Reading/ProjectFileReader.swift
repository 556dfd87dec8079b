import Foundation
import MixdownAudioMix
import MixdownProject
import MixdownUnits

/// Turns a parsed JSON document (`JSONSerialization` objects) into a
/// ``Project``, checking every value and collecting every problem rather than
/// stopping at the first.
///
/// A class so that the value converters can be passed around as plain
/// closures; one reader reads one document.
final class ProjectFileReader {
    /// The folder relative paths are resolved against; empty for the current folder.
    let baseDirectory: String
    /// Every problem found so far, in document order.
    private(set) var issues: [ProjectFileIssue] = []

    /// The only format version this Mixdown reads.
    static let formatVersion = 1

    init(baseDirectory: String) {
        self.baseDirectory = baseDirectory
    }

    func report(_ path: JSONPath, found: String, expected: String, kind: ProjectFileIssue.Kind = .invalidValue) {
        issues.append(ProjectFileIssue(path: path.description, found: found, expected: expected, kind: kind))
    }

    /// The project, or `nil` when the document is not even an object of a
    /// version this Mixdown reads; either way ``issues`` says what is wrong.
    func project(from document: Any) -> Project? {
        guard let root = document as? [String: Any] else {
            report(.root, found: Self.describe(document), expected: "a JSON object like {\"version\": 1, \"clips\": [...]}")
            return nil
        }
        guard readVersion(root) else { return nil }
        let fields = checkKeys(of: root, at: .root, known: Key.Project.known)

        var project = Project()
        project.version = Self.formatVersion
        if let clips = read(fields, Key.Project.clips, at: .root, as: { self.list($0, at: $1, of: "clips", self.clip) }) {
            project.clips = clips
        }
        if let voiceovers = read(fields, Key.Project.voiceovers, at: .root, as: { self.list($0, at: $1, of: "voice-over takes", self.voiceover) }) {
            project.voiceovers = voiceovers
        }
        if let music = read(fields, Key.Project.music, at: .root, as: { self.list($0, at: $1, of: "music beds", self.music) }) {
            project.music = music
        }
        if let volume = read(fields, Key.Project.clipVolume, at: .root, as: gain) { project.clipVolume = volume }
        if let volume = read(fields, Key.Project.voiceoverVolume, at: .root, as: gain) { project.voiceoverVolume = volume }
        if let volume = read(fields, Key.Project.musicVolume, at: .root, as: gain) { project.musicVolume = volume }
        if let time = read(fields, Key.Project.cutFade, at: .root, as: time) { project.cutFade = time }
        if let ducking = read(fields, Key.Project.ducking, at: .root, as: ducking) { project.ducking = ducking }
        if let dialogue = read(fields, Key.Project.dialogue, at: .root, as: dialogue) { project.dialogue = dialogue }
        if let video = read(fields, Key.Project.video, at: .root, as: video) { project.video = video }
        if let overlays = read(fields, Key.Project.overlays, at: .root, as: { self.list($0, at: $1, of: "overlays", self.overlay) }) {
            project.overlays = overlays
        }
        if let captions = read(fields, Key.Project.captions, at: .root, as: captionsList) { project.captions = captions }
        if let output = read(fields, Key.Project.output, at: .root, as: output) { project.output = output }
        checkSomethingToMix(root)
        return project
    }

    /// Checks `version`; false when the rest should not be read (a newer format).
    private func readVersion(_ root: [String: Any]) -> Bool {
        let path = JSONPath.root.appending(Key.Project.version)
        guard let value = root[Key.Project.version] else {
            report(path, found: "nothing", expected: "1 (add \"version\": 1, the project format version)", kind: .missingKey)
            return true
        }
        guard let number = Self.number(value) else {
            report(path, found: Self.describe(value), expected: "the number 1")
            return true
        }
        let version = number.exactDouble
        if version == Double(Self.formatVersion) { return true }
        if version > Double(Self.formatVersion), version == version.rounded() {
            report(path, found: Self.describe(value),
                   expected: "\(Self.formatVersion) (this project is for a newer Mixdown; upgrade Mixdown to read it)")
            return false
        }
        report(path, found: Self.describe(value), expected: "\(Self.formatVersion), the only project format version so far")
        return true
    }

    /// A project with no clips, voice-overs or music has nothing to mix.
    private func checkSomethingToMix(_ root: [String: Any]) {
        let lists = [Key.Project.clips, .voiceovers, .music]
        let hasItems = lists.contains { key in
            guard let value = root[key] else { return false }
            return (value as? [Any])?.isEmpty != true
        }
        if !hasItems {
            report(.root, found: "no clips, voiceovers or music",
                   expected: "at least one item to mix, such as \"clips\": [{\"path\": \"clip.mp4\"}]")
        }
    }

    // MARK: Settings

    func ducking(_ value: Any, at path: JSONPath) -> Project.Ducking? {
        guard let fields = object(value, at: path, known: Key.Ducking.known, example: #"{"mode": "ranges", "depth": -12}"#) else {
            return nil
        }
        var ducking = Project.Ducking()
        if let mode = read(fields, Key.Ducking.mode, at: path, as: { self.choice($0, at: $1) as Project.Ducking.Mode? }) {
            ducking.mode = mode
        }
        if let depth: DuckDepth = read(fields, Key.Ducking.depth, at: path, as: decibels) { ducking.settings.depth = depth }
        if let time = read(fields, Key.Ducking.fadeDown, at: path, as: time) { ducking.settings.fadeDown = time }
        if let time = read(fields, Key.Ducking.fadeUp, at: path, as: time) { ducking.settings.fadeUp = time }
        if let time = read(fields, Key.Ducking.maxPause, at: path, as: time) { ducking.settings.maxPause = time }
        if let curve = read(fields, Key.Ducking.curve, at: path, as: { self.choice($0, at: $1) as RampCurve? }) { ducking.settings.curve = curve }
        if let threshold: SpeechThreshold = read(fields, Key.Ducking.threshold, at: path, as: decibels) { ducking.threshold = threshold }
        if let below: LoudnessGap = read(fields, Key.Ducking.below, at: path, as: decibels) { ducking.below = below }
        if let sources = read(fields, Key.Ducking.sources, at: path, as: { self.parts($0, at: $1, allowed: [.voiceovers, .clips]) }) {
            ducking.sources = sources
        }
        if let targets = read(fields, Key.Ducking.targets, at: path, as: { self.parts($0, at: $1, allowed: [.music, .clips, .voiceovers]) }) {
            ducking.targets = targets
        }
        // The first format's switch for `"targets": ["music", "clips"]`, still read.
        if let flag = read(fields, Key.Ducking.duckClips, at: path, as: bool), flag { ducking.targets.insert(.clips) }
        return ducking
    }

    /// A non-empty list of distinct parts of the mix, each one of `allowed`.
    func parts(_ value: Any, at path: JSONPath, allowed: [MixPart]) -> Set<MixPart>? {
        let names = allowed.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let expected = "a list of parts from \(names), like [\"\(allowed[0].rawValue)\"]"
        guard let elements = value as? [Any], !elements.isEmpty else {
            report(path, found: Self.describe(value), expected: expected)
            return nil
        }
        var parts: Set<MixPart> = []
        for (index, element) in elements.enumerated() {
            guard let text = element as? String, let part = MixPart(rawValue: text), allowed.contains(part) else {
                let hint = (element as? String).flatMap { Self.suggestion(for: $0, among: allowed.map(\.rawValue)) }
                report(path.appending(index), found: Self.describe(element), expected: "one of \(names)" + (hint.map { "; did you mean \"\($0)\"?" } ?? ""))
                continue
            }
            guard parts.insert(part).inserted else {
                report(path.appending(index), found: Self.describe(element), expected: "each part once")
                continue
            }
        }
        return parts
    }

    func output(_ value: Any, at path: JSONPath) -> Project.Output? {
        guard let fields = object(value, at: path, known: Key.Output.known, example: #"{"sampleRate": 48000, "format": "s24"}"#) else {
            return nil
        }
        var output = Project.Output()
        if let rate = read(fields, Key.Output.sampleRate, at: path, as: sampleRate) { output.sampleRate = rate }
        if let format = read(fields, Key.Output.format, at: path, as: { self.choice($0, at: $1) as WAVSampleFormat? }) {
            output.format = format
        }
        if let bitrate = read(fields, Key.Output.audioBitrate, at: path, as: bitRate) { output.audioBitrate = bitrate }
        if let duration = read(fields, Key.Output.duration, at: path, nullMeansDefault: true, as: positiveTime) {
            output.duration = duration
        }
        if let loudness = read(fields, Key.Output.loudness, at: path, nullMeansDefault: true, as: loudness) { output.loudness = loudness }
        return output
    }

}
