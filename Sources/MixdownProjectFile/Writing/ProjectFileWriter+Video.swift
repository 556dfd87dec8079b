import MixdownComposition
import MixdownProject
import MixdownTime
import MixdownUnits

// The `video` object and each clip's picture keys, as the reader reads them.

extension ProjectFileWriter {
    func video(_ video: Project.Video) -> [String: JSONValue] {
        let defaults = Project.Video()
        var fields: [String: JSONValue] = [:]
        if let size = video.renderSize { fields["renderSize"] = .string(size.description) }
        if let rate = video.frameRate { fields["frameRate"] = Self.frameRate(rate) }
        set(&fields, "background", video.background, default: defaults.background, as: { .string($0.description) })
        if let transition = video.transition { fields["transition"] = Self.transition(transition) }
        if let quality = video.quality { fields["quality"] = .number(quality.crf) }
        set(&fields, "fit", video.fit, default: defaults.fit, as: Self.name)
        set(&fields, "fadeIn", video.fadeIn, default: defaults.fadeIn, as: Self.time)
        set(&fields, "fadeOut", video.fadeOut, default: defaults.fadeOut, as: Self.time)
        set(&fields, "fadeAudio", video.fadeAudio, default: defaults.fadeAudio, as: JSONValue.bool)
        set(&fields, "transitionCurve", video.transitionCurve, default: defaults.transitionCurve, as: Self.name)
        set(&fields, "fullRender", video.fullRender, default: defaults.fullRender, as: JSONValue.bool)
        return fields
    }

    /// A clip's `transition`, `opacity`, `transform`, `crop` and `fit`, where set.
    func picture(of clip: Project.Clip, into fields: inout [String: JSONValue]) {
        switch clip.transition {
        case .videoDefault: break
        case .cut: fields["transition"] = .object(["type": .string("cut")])
        case let .transition(transition): fields["transition"] = Self.transition(transition)
        }
        if !clip.opacity.isEmpty { fields["opacity"] = Self.ramps(clip.opacity, as: { .number($0.value) }) }
        if !clip.transform.isEmpty { fields["transform"] = Self.ramps(clip.transform, as: Self.transform) }
        if !clip.crop.isEmpty { fields["crop"] = Self.ramps(clip.crop, as: Self.crop) }
        if let fit = clip.fit { fields["fit"] = Self.name(fit) }
    }

    /// `{"type": "dissolve"}`, with `duration` unless it is the default.
    private static func transition(_ transition: Transition) -> JSONValue {
        var fields: [String: JSONValue] = ["type": name(transition.kind)]
        if transition.duration != Transition.defaultDuration { fields["duration"] = time(transition.duration) }
        return .object(fields)
    }

    /// A whole rate as a number (`25`), any other as its fraction (`"30000/1001"`).
    private static func frameRate(_ rate: FrameRate) -> JSONValue {
        rate.denominator == 1 ? .number(Int(rate.numerator)) : .string(rate.description)
    }

    private static func ramps<Value>(_ ramps: [LayerRamp<Value>], as encode: (Value) -> JSONValue) -> JSONValue {
        .array(ramps.map { ramp in
            .object(["start": time(ramp.timeRange.start), "end": time(ramp.timeRange.end), "from": encode(ramp.start), "to": encode(ramp.end)])
        })
    }

    /// Only what differs from the identity; one `scale` when both ways are the same.
    private static func transform(_ transform: LayerTransform) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        if transform.scaleX == transform.scaleY {
            if transform.scaleX != 1 { fields["scale"] = .number(transform.scaleX) }
        } else {
            fields["scaleX"] = .number(transform.scaleX)
            fields["scaleY"] = .number(transform.scaleY)
        }
        if transform.quarterTurns != 0 { fields["rotate"] = .number(transform.quarterTurns * 90) }
        if transform.translateX != 0 { fields["x"] = .number(transform.translateX) }
        if transform.translateY != 0 { fields["y"] = .number(transform.translateY) }
        return .object(fields)
    }

    private static func crop(_ crop: CropRectangle) -> JSONValue {
        var fields: [String: JSONValue] = ["width": .number(crop.width), "height": .number(crop.height)]
        if crop.x != 0 { fields["x"] = .number(crop.x) }
        if crop.y != 0 { fields["y"] = .number(crop.y) }
        return .object(fields)
    }
}
