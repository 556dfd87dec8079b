import MixdownComposition
import MixdownProject
import MixdownTime
import MixdownUnits

// The `overlays` and `captions` lists, as the reader reads them: each value
// only where it differs from its default.

extension ProjectFileWriter {
    /// An overlay: its content, then what differs from a new overlay's. A text
    /// is written as one string (the texts of its runs joined: a file holds
    /// no italic or bold runs); a box's padding is not written (only a text's
    /// background has one); an end is written as `end`, never as `duration`.
    func overlay(_ overlay: Project.Overlay) -> JSONValue {
        let defaults = Project.Overlay(content: .image(path: ""))
        var fields: [String: JSONValue] = [:]
        switch overlay.content {
        case let .image(path):
            fields[Key.Overlay.image] = self.path(path)
        case let .text(runs, style):
            fields[Key.Overlay.text] = .string(runs.map(\.text).joined())
            let written = textStyle(style, over: TextStyle())
            if !written.isEmpty { fields[Key.Overlay.style] = .object(written) }
        case let .box(box):
            var written: [String: JSONValue] = [:]
            written[Key.Box.colour] = .string(box.colour.description)
            set(&written, Key.Box.radius, box.cornerRadius, default: 0, as: JSONValue.number)
            fields[Key.Overlay.box] = .object(written)
        }
        set(&fields, Key.Overlay.start, overlay.start, default: defaults.start, as: Self.time)
        if let end = overlay.end { fields[Key.Overlay.end] = Self.time(end) }
        switch overlay.position {
        case let .anchored(anchor, margin):
            // The margin is a key of its own, so the anchor is written unless it is the default one.
            if OverlayPosition.anchored(anchor, margin: nil) != defaults.position { fields[Key.Overlay.position] = Self.name(anchor) }
            if let margin { fields[Key.Overlay.margin] = .number(margin) }
        case let .point(x, y, anchor):
            var point: [String: JSONValue] = [:]
            point[Key.Point.x] = .number(x)
            point[Key.Point.y] = .number(y)
            if anchor != .topLeft { point[Key.Point.anchor] = Self.name(anchor) }
            fields[Key.Overlay.position] = .object(point)
        }
        if let width = overlay.width { fields[Key.Overlay.width] = .number(width) }
        if let height = overlay.height { fields[Key.Overlay.height] = .number(height) }
        set(&fields, Key.Overlay.opacity, overlay.opacity, default: defaults.opacity, as: { .number($0.value) })
        set(&fields, Key.Overlay.fadeIn, overlay.fadeIn, default: defaults.fadeIn, as: Self.time)
        set(&fields, Key.Overlay.fadeOut, overlay.fadeOut, default: defaults.fadeOut, as: Self.time)
        if !overlay.animations.isEmpty { fields[Key.Overlay.animations] = .array(overlay.animations.map(Self.animation)) }
        return .object(fields)
    }

    private static func animation(_ animation: OverlayAnimation) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        fields[Key.Animation.property] = name(animation.property)
        fields[Key.Animation.from] = .number(animation.from)
        fields[Key.Animation.to] = .number(animation.to)
        fields[Key.Animation.start] = time(animation.timeRange.start)
        fields[Key.Animation.end] = time(animation.timeRange.end)
        if animation.timing != .linear { fields[Key.Animation.timing] = name(animation.timing) }
        return .object(fields)
    }

    /// A caption file: its `file`, then what differs from a new one's (its
    /// style against the caption style).
    func captions(_ captions: Project.Captions) -> JSONValue {
        let defaults = Project.Captions(path: "")
        var fields: [String: JSONValue] = [:]
        fields[Key.Captions.file] = path(captions.path)
        set(&fields, Key.Captions.language, captions.language, default: defaults.language, as: JSONValue.string)
        set(&fields, Key.Captions.burn, captions.burn, default: defaults.burn, as: JSONValue.bool)
        set(&fields, Key.Captions.track, captions.track, default: defaults.track, as: JSONValue.bool)
        let style = textStyle(captions.style, over: defaults.style)
        if !style.isEmpty { fields[Key.Captions.style] = .object(style) }
        return .object(fields)
    }

    /// What of `style` differs from `base`, the style the reader reads it
    /// over; `null` where `base` has an outline, shadow, background, maximum
    /// width or line count that `style` has not.
    func textStyle(_ style: TextStyle, over base: TextStyle) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        set(&fields, Key.TextStyle.font, style.fontFamily, default: base.fontFamily, as: JSONValue.string)
        set(&fields, Key.TextStyle.weight, style.fontWeight, default: base.fontWeight, as: JSONValue.number)
        // A size read from the file stops the base's scaling: so a style that scales
        // differently from its base says both, even at the base's size.
        let scalesAsBase = style.designHeight == base.designHeight
        if style.size != base.size || !scalesAsBase { fields[Key.TextStyle.size] = .number(style.size) }
        if !scalesAsBase || style.size != base.size, let lines = style.designHeight { fields[Key.TextStyle.designHeight] = .number(lines) }
        set(&fields, Key.TextStyle.colour, style.colour, default: base.colour, as: { .string($0.description) })
        set(&fields, Key.TextStyle.outline, style.outline, default: base.outline, as: { $0.map(Self.outline) ?? .null })
        set(&fields, Key.TextStyle.shadow, style.shadow, default: base.shadow, as: { $0.map(self.shadow) ?? .null })
        set(&fields, Key.TextStyle.background, style.background, default: base.background, as: { $0.map(self.background) ?? .null })
        set(&fields, Key.TextStyle.align, style.alignment, default: base.alignment, as: Self.name)
        set(&fields, Key.TextStyle.maxWidth, style.maximumWidth, default: base.maximumWidth, as: { $0.map(JSONValue.number) ?? .null })
        set(&fields, Key.TextStyle.maxLines, style.maximumLines, default: base.maximumLines, as: { $0.map(JSONValue.number) ?? .null })
        return fields
    }

    private static func outline(_ outline: TextStyle.Outline) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        fields[Key.Outline.colour] = .string(outline.colour.description)
        fields[Key.Outline.width] = .number(outline.width)
        return .object(fields)
    }

    /// The colour, and the offsets and blur where they differ from a new shadow's.
    private func shadow(_ shadow: TextStyle.Shadow) -> JSONValue {
        let defaults = TextStyle.Shadow(colour: shadow.colour)
        var fields: [String: JSONValue] = [:]
        fields[Key.Shadow.colour] = .string(shadow.colour.description)
        set(&fields, Key.Shadow.x, shadow.offsetX, default: defaults.offsetX, as: JSONValue.number)
        set(&fields, Key.Shadow.y, shadow.offsetY, default: defaults.offsetY, as: JSONValue.number)
        set(&fields, Key.Shadow.blur, shadow.blur, default: defaults.blur, as: JSONValue.number)
        return .object(fields)
    }

    /// The colour, and the padding and corner radius where they are not 0.
    private func background(_ box: BoxStyle) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        fields[Key.Background.colour] = .string(box.colour.description)
        set(&fields, Key.Background.padding, box.padding, default: 0, as: JSONValue.number)
        set(&fields, Key.Background.radius, box.cornerRadius, default: 0, as: JSONValue.number)
        return .object(fields)
    }
}
