import MixdownAudioMix
import MixdownComposition
import MixdownProject
import MixdownTime
import MixdownUnits

// The `video` object and the transition objects it shares with the clips.

extension ProjectFileReader {
    func video(_ value: Any, at path: JSONPath) -> Project.Video? {
        let example = #"{"renderSize": "1280x720", "transition": {"type": "dissolve", "duration": 1}}"#
        guard let fields = object(value, at: path, known: Key.Video.known, example: example) else { return nil }
        var video = Project.Video()
        if let size = read(fields, Key.Video.renderSize, at: path, nullMeansDefault: true, as: renderSize) { video.renderSize = size }
        if let rate = read(fields, Key.Video.frameRate, at: path, nullMeansDefault: true, as: frameRate) { video.frameRate = rate }
        if let colour = read(fields, Key.Video.background, at: path, as: colour) { video.background = colour }
        // A cut here is the default already: every clip that names no transition gets one.
        if case let .transition(transition)? = read(fields, Key.Video.transition, at: path, nullMeansDefault: true, as: transition) {
            video.transition = transition
        }
        if let quality = read(fields, Key.Video.quality, at: path, nullMeansDefault: true, as: videoQuality) { video.quality = quality }
        if let preset = read(fields, Key.Video.preset, at: path, nullMeansDefault: true, as: videoPreset) { video.preset = preset }
        if let fit = read(fields, Key.Video.fit, at: path, as: { self.choice($0, at: $1) as ConformMode? }) { video.fit = fit }
        if let time = read(fields, Key.Video.fadeIn, at: path, as: time) { video.fadeIn = time }
        if let time = read(fields, Key.Video.fadeOut, at: path, as: time) { video.fadeOut = time }
        if let flag = read(fields, Key.Video.fadeAudio, at: path, as: bool) { video.fadeAudio = flag }
        if let curve = read(fields, Key.Video.transitionCurve, at: path, as: { self.choice($0, at: $1) as RampCurve? }) {
            video.transitionCurve = curve
        }
        if let flag = read(fields, Key.Video.fullRender, at: path, as: bool) { video.fullRender = flag }
        if let range = read(fields, Key.Video.dynamicRange, at: path, nullMeansDefault: true, as: dynamicRange) { video.dynamicRange = range }
        return video
    }

    /// `{"type": "dissolve", "duration": 1.5}` (duration optional, default
    /// 1 s) or `{"type": "cut"}` (no duration).
    func transition(_ value: Any, at path: JSONPath) -> Project.Clip.Entry? {
        guard let fields = object(value, at: path, known: Key.Transition.known, example: #"{"type": "dissolve", "duration": 1}"#) else {
            return nil
        }
        let names = [Key.Transition.cut] + Transition.Kind.allCases.map(\.rawValue)
        let name = require(fields, Key.Transition.type, at: path, expected: "the kind of transition, " + Self.oneOf(names),
                           as: { self.name($0, at: $1, among: names) })
        let duration = read(fields, Key.Transition.duration, at: path, as: positiveTime)
        guard let name else { return nil }
        guard let kind = Transition.Kind(rawValue: name) else {
            if let given = fields[Key.Transition.duration] {
                report(path.appending(Key.Transition.duration), found: Self.describe(given), expected: "no duration: a cut is instant")
                return nil
            }
            return .cut
        }
        guard fields[Key.Transition.duration] == nil || duration != nil else { return nil }
        guard let duration else { return .transition(Transition(kind: kind)) }
        do {
            return .transition(try Transition(kind: kind, duration: duration))
        } catch {
            // positiveTime refuses what Transition refuses today, in the reader's words; this
            // reports whatever Transition may refuse beyond it.
            report(path.appending(Key.Transition.duration), found: fields[Key.Transition.duration].map(Self.describe) ?? duration.readable,
                   expected: error.expected)
            return nil
        }
    }

    /// A render size: `"1280x720"`.
    func renderSize(_ value: Any, at path: JSONPath) -> PixelSize? {
        quantity(value, at: path, expected: PixelSize.expected, number: nil, text: PixelSize.init(parsing:))
    }

    /// A frame rate: a whole number (`25`) or a string (`"25"`, `"30000/1001"`).
    func frameRate(_ value: Any, at path: JSONPath) -> FrameRate? {
        quantity(value, at: path, expected: FrameRate.expected, number: FrameRate.init(framesPerSecond:), text: FrameRate.init(parsing:))
    }

    /// A colour: `"#1a2b3c"`, `"#abc"` or a name.
    func colour(_ value: Any, at path: JSONPath) -> Colour? {
        quantity(value, at: path, expected: Colour.expected, number: nil, text: Colour.init(parsing:))
    }

    /// An output's dynamic range: `"auto"` (`.some(nil)`), `"sdr"`, `"hlg"` or `"pq"`.
    func dynamicRange(_ value: Any, at path: JSONPath) -> DynamicRange?? {
        quantity(value, at: path, expected: DynamicRange.expected, number: nil, text: DynamicRange.choice(parsing:))
    }

    /// An x264 speed preset: its name, `"veryfast"`.
    func videoPreset(_ value: Any, at path: JSONPath) -> VideoPreset? {
        quantity(value, at: path, expected: VideoPreset.expected, number: nil, text: VideoPreset.init(parsing:))
    }

    /// A CRF: a number from 0 to 51.
    func videoQuality(_ value: Any, at path: JSONPath) -> VideoQuality? {
        quantity(value, at: path, expected: VideoQuality.expected, number: VideoQuality.init(crf:), text: nil)
    }
}
