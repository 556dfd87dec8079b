import MixdownComposition
import MixdownProject
import MixdownTime
import MixdownUnits

// The `video` object and each clip's picture keys, as the reader reads them.

extension ProjectFileWriter {
    func video(_ video: Project.Video) -> [String: JSONValue] {
        let defaults = Project.Video()
        var fields: [String: JSONValue] = [:]
        if let size = video.renderSize { fields[Key.Video.renderSize] = .string(size.description) }
        if let rate = video.frameRate { fields[Key.Video.frameRate] = Self.frameRate(rate) }
        set(&fields, Key.Video.background, video.background, default: defaults.background, as: { .string($0.description) })
        if let transition = video.transition { fields[Key.Video.transition] = Self.transition(transition) }
        if let quality = video.quality { fields[Key.Video.quality] = .number(quality.crf) }
        set(&fields, Key.Video.preset, video.preset, default: defaults.preset, as: Self.name)
        set(&fields, Key.Video.fit, video.fit, default: defaults.fit, as: Self.name)
        set(&fields, Key.Video.fadeIn, video.fadeIn, default: defaults.fadeIn, as: Self.time)
        set(&fields, Key.Video.fadeOut, video.fadeOut, default: defaults.fadeOut, as: Self.time)
        set(&fields, Key.Video.fadeAudio, video.fadeAudio, default: defaults.fadeAudio, as: JSONValue.bool)
        set(&fields, Key.Video.transitionCurve, video.transitionCurve, default: defaults.transitionCurve, as: Self.name)
        set(&fields, Key.Video.fullRender, video.fullRender, default: defaults.fullRender, as: JSONValue.bool)
        if let range = video.dynamicRange { fields[Key.Video.dynamicRange] = .string(range.name) }
        return fields
    }

    /// A clip's `transition`, `opacity`, `transform`, `crop` and `fit`, where set.
    func picture(of clip: Project.Clip, into fields: inout [String: JSONValue]) {
        switch clip.transition {
        case .videoDefault: break
        case .cut: fields[Key.Clip.transition] = Self.transition(type: .string(Key.Transition.cut))
        case let .transition(transition): fields[Key.Clip.transition] = Self.transition(transition)
        }
        if !clip.opacity.isEmpty { fields[Key.Clip.opacity] = Self.ramps(clip.opacity, as: { .number($0.value) }) }
        if !clip.transform.isEmpty { fields[Key.Clip.transform] = Self.ramps(clip.transform, as: Self.transform) }
        if !clip.crop.isEmpty { fields[Key.Clip.crop] = Self.ramps(clip.crop, as: Self.crop) }
        if let fit = clip.fit { fields[Key.Clip.fit] = Self.name(fit) }
    }

    /// `{"type": "dissolve"}`, with `duration` unless it is the default.
    private static func transition(_ transition: Transition) -> JSONValue {
        let duration = transition.duration == Transition.defaultDuration ? nil : time(transition.duration)
        return self.transition(type: name(transition.kind), duration: duration)
    }

    /// A transition object, a cut's or another's: `type`, and `duration` when given.
    private static func transition(type: JSONValue, duration: JSONValue? = nil) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        fields[Key.Transition.type] = type
        fields[Key.Transition.duration] = duration
        return .object(fields)
    }

    /// A whole rate as a number (`25`), any other as its fraction (`"30000/1001"`).
    private static func frameRate(_ rate: FrameRate) -> JSONValue {
        rate.denominator == 1 ? .number(Int(rate.numerator)) : .string(rate.description)
    }

    private static func ramps<Value>(_ ramps: [LayerRamp<Value>], as encode: (Value) -> JSONValue) -> JSONValue {
        .array(ramps.map { .object(ramp(over: $0.timeRange, from: encode($0.start), to: encode($0.end))) })
    }

    /// Only what differs from the identity; one `scale` when both ways are the same.
    private static func transform(_ transform: LayerTransform) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        if transform.scaleX == transform.scaleY {
            if transform.scaleX != 1 { fields[Key.Transform.scale] = .number(transform.scaleX) }
        } else {
            fields[Key.Transform.scaleX] = .number(transform.scaleX)
            fields[Key.Transform.scaleY] = .number(transform.scaleY)
        }
        if transform.quarterTurns != 0 { fields[Key.Transform.rotate] = .number(transform.quarterTurns * 90) }
        if transform.translateX != 0 { fields[Key.Transform.x] = .number(transform.translateX) }
        if transform.translateY != 0 { fields[Key.Transform.y] = .number(transform.translateY) }
        return .object(fields)
    }

    private static func crop(_ crop: CropRectangle) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        fields[Key.Crop.width] = .number(crop.width)
        fields[Key.Crop.height] = .number(crop.height)
        if crop.x != 0 { fields[Key.Crop.x] = .number(crop.x) }
        if crop.y != 0 { fields[Key.Crop.y] = .number(crop.y) }
        return .object(fields)
    }
}
