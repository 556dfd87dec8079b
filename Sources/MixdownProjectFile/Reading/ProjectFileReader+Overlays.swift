import Foundation
import MixdownComposition
import MixdownProject
import MixdownTime
import MixdownUnits

// The `overlays` list: what each overlay draws, when, where and how large, and
// how it moves.

extension ProjectFileReader {
    static let expectedContent = ##"exactly one of image (a file path), text (a string) and box (an object like {"colour": "#00000080"})"##
    static let expectedPosition = "an anchor, " + oneOf(OverlayPosition.Anchor.allCases.map(\.rawValue)) + #", or {"x": 40, "y": 40}"#
    static let expectedSide = "a whole number of render pixels from 1 to \(Int(largestSide)), like 640"
    static let expectedMargin = "a whole number of render pixels from 0 to \(Int(largestSide)), like 36"
    static let expectedCoordinate = "a whole number of render pixels from -\(Int(largestMove)) to \(Int(largestMove)), like 40"
    /// The largest turn an animation may make either way: ten whole turns.
    static let largestTurn = 3600.0

    func overlay(_ value: Any, at path: JSONPath) -> Project.Overlay? {
        let example = #"{"image": "logo.png", "position": "top-right"}"#
        guard let fields = object(value, at: path, known: Key.Overlay.known, example: example) else { return nil }
        let content = overlayContent(fields, at: path)
        var overlay = Project.Overlay(content: content ?? .box(BoxStyle(colour: .transparent)))
        let start = read(fields, Key.Overlay.start, at: path, as: time)
        if let start { overlay.start = start }
        overlay.end = overlayEnd(fields, start: fields[Key.Overlay.start] == nil ? overlay.start : start, at: path)
        readPlace(fields, at: path, into: &overlay)
        if let opacity = read(fields, Key.Overlay.opacity, at: path, as: opacity) { overlay.opacity = opacity }
        if let time = read(fields, Key.Overlay.fadeIn, at: path, as: time) { overlay.fadeIn = time }
        if let time = read(fields, Key.Overlay.fadeOut, at: path, as: time) { overlay.fadeOut = time }
        if let animations = read(fields, Key.Overlay.animations, at: path, as: { self.list($0, at: $1, of: "animations", self.animation) }) {
            overlay.animations = animations
        }
        return content == nil ? nil : overlay
    }

    /// What the overlay draws: the one of `image`, `text` (with its `style`)
    /// and `box` it holds; nil (reported) when it holds none or more than one.
    private func overlayContent(_ fields: [String: Any], at path: JSONPath) -> OverlayContent? {
        let given = Key.Overlay.contents.filter { fields[$0] != nil }
        guard let kind = given.first else {
            report(path, found: "an overlay with none of image, text and box", expected: Self.expectedContent)
            return nil
        }
        for other in given.dropFirst() {
            report(path.appending(other), found: "\(Self.describe(fields[other]!)) beside \(kind.rawValue)", expected: Self.expectedContent)
        }
        let content: OverlayContent?
        switch kind {
        case .image:
            content = read(fields, kind, at: path, as: filePath).map { .image(path: $0) }
        case .text:
            let text = read(fields, kind, at: path, as: overlayText)
            let style = read(fields, Key.Overlay.style, at: path, as: { self.textStyle($0, at: $1, base: TextStyle()) })
            content = text.map { .text([TextRun($0)], style ?? TextStyle()) }
        default:
            content = read(fields, kind, at: path, as: box).map { .box($0) }
        }
        if kind != .text, let style = fields[Key.Overlay.style] {
            report(path.appending(Key.Overlay.style), found: "\(Self.describe(style)) beside \(kind.rawValue)",
                   expected: "a style only on a text overlay (a box's colour and radius are in box)")
        }
        return given.count == 1 ? content : nil
    }

    /// A text to draw: a non-empty string, `\n` between lines.
    private func overlayText(_ value: Any, at path: JSONPath) -> String? {
        guard let text = value as? String, !text.isEmpty, !text.unicodeScalars.contains("\0") else {
            report(path, found: Self.describe(value), expected: #"the text to draw, a non-empty string like "Chapter 1" (\n between lines)"#)
            return nil
        }
        return text
    }

    /// A box overlay's `{"colour", "radius"}`; its size is the overlay's `width` and `height`.
    private func box(_ value: Any, at path: JSONPath) -> BoxStyle? {
        let example = ##"{"colour": "#00000080", "radius": 8}"##
        guard let fields = object(value, at: path, known: Key.Box.known, example: example) else { return nil }
        let colour = require(fields, Key.Box.colour, at: path, expected: "the box's colour, " + RGBAColour.expected, as: rgbaColour)
        let radius = read(fields, Key.Box.radius, at: path, as: distance)
        return colour.map { BoxStyle(colour: $0, cornerRadius: radius ?? 0) }
    }

    /// The end of an overlay that starts at `start` (nil when its start is
    /// wrong): `end`, or `start` + `duration`; nil for the timeline's end, or
    /// when they are wrong (reported): both given, or an end not after the start.
    private func overlayEnd(_ fields: [String: Any], start: MediaTime?, at path: JSONPath) -> MediaTime? {
        let end = read(fields, Key.Overlay.end, at: path, nullMeansDefault: true, as: time)
        let duration = read(fields, Key.Overlay.duration, at: path, as: positiveTime)
        if let given = fields[Key.Overlay.end], !(given is NSNull), let both = fields[Key.Overlay.duration] {
            report(path.appending(Key.Overlay.duration), found: "\(Self.describe(both)) beside end", expected: "either end or duration, not both")
            return nil
        }
        guard let start else { return nil }
        if let end {
            guard end > start else {
                report(path.appending(Key.Overlay.end), found: fields[Key.Overlay.end].map(Self.describe) ?? end.readable,
                       expected: "a time after the overlay's start (\(start.readable))")
                return nil
            }
            return end
        }
        guard let duration else { return nil }
        do {
            return try start + duration
        } catch {
            report(path.appending(Key.Overlay.duration), found: fields[Key.Overlay.duration].map(Self.describe) ?? duration.readable,
                   expected: "a duration that ends within about 9.2e9 seconds (292 years)")
            return nil
        }
    }

    /// `position` with its `margin`, `width` and `height`; a box must have both sides.
    private func readPlace(_ fields: [String: Any], at path: JSONPath, into overlay: inout Project.Overlay) {
        let position = read(fields, Key.Overlay.position, at: path, as: position)
        let margin = read(fields, Key.Overlay.margin, at: path, as: {
            self.wholeNumber($0, at: $1, in: 0...Int(Self.largestSide), expected: Self.expectedMargin)
        })
        switch position ?? overlay.position {
        case let .anchored(anchor, _):
            overlay.position = .anchored(anchor, margin: margin)
        case let point:
            overlay.position = point
            if let given = fields[Key.Overlay.margin] {
                report(path.appending(Key.Overlay.margin), found: "\(Self.describe(given)) beside a position {x, y}",
                       expected: #"a margin only beside an anchor such as "top-right" (x and y place the overlay exactly)"#)
            }
        }
        let side = { self.wholeNumber($0, at: $1, in: 1...Int(Self.largestSide), expected: Self.expectedSide) }
        overlay.width = read(fields, Key.Overlay.width, at: path, as: side)
        overlay.height = read(fields, Key.Overlay.height, at: path, as: side)
        guard fields[Key.Overlay.box] != nil else { return }
        for (key, like) in [(Key.Overlay.width, 640), (.height, 120)] where fields[key] == nil {
            report(path.appending(key), found: "nothing",
                   expected: "the box's \(key.rawValue) in render pixels, like \(like): a box has no natural size", kind: .missingKey)
        }
    }

    /// An anchor name (`"top-right"`) or `{"x": 40, "y": 40}`, the top-left corner
    /// in render pixels, or with an `anchor` the point of the overlay it names
    /// (`{"x": 1200, "y": 680, "anchor": "bottom-right"}`).
    func position(_ value: Any, at path: JSONPath) -> OverlayPosition? {
        if value is String {
            return (choice(value, at: path) as OverlayPosition.Anchor?).map { .anchored($0, margin: nil) }
        }
        guard value is [String: Any] else {
            report(path, found: Self.describe(value), expected: Self.expectedPosition)
            return nil
        }
        guard let fields = object(value, at: path, known: Key.Point.known, example: #"{"x": 40, "y": 40}"#) else { return nil }
        let coordinate = { self.wholeNumber($0, at: $1, in: -Int(Self.largestMove)...Int(Self.largestMove), expected: Self.expectedCoordinate) }
        let x = require(fields, Key.Point.x, at: path, expected: Self.expectedCoordinate, as: coordinate)
        let y = require(fields, Key.Point.y, at: path, expected: Self.expectedCoordinate, as: coordinate)
        let anchor = read(fields, Key.Point.anchor, at: path, as: { self.choice($0, at: $1) as OverlayPosition.Anchor? })
        guard let x, let y else { return nil }
        return .point(x: x, y: y, anchor: anchor ?? .topLeft)
    }

    // MARK: Animations

    /// `{"property", "from", "to", "start", "end", "timing"}`: times in the
    /// overlay's own time, values in the property's range, `timing` linear by default.
    func animation(_ value: Any, at path: JSONPath) -> OverlayAnimation? {
        let example = #"{"property": "opacity", "from": 0, "to": 1, "start": 0, "end": 0.5}"#
        guard let fields = object(value, at: path, known: Key.Animation.known, example: example) else { return nil }
        let names = OverlayAnimation.Property.allCases.map(\.rawValue)
        let property = require(fields, Key.Animation.property, at: path, expected: "what moves, " + Self.oneOf(names),
                               as: { self.choice($0, at: $1) as OverlayAnimation.Property? })
        let bounds = property.map(Self.animationBounds)
        let number = { (element: Any, path: JSONPath) -> Double? in
            guard let bounds else { return self.boundedNumber(element, at: path, expected: "a number", accepting: { $0.isFinite }) }
            return self.boundedNumber(element, at: path, expected: bounds.expected, accepting: bounds.range.contains)
        }
        let like = bounds?.expected ?? "a number"
        let from = require(fields, Key.Animation.from, at: path, expected: "the value at the start: " + like, as: number)
        let to = require(fields, Key.Animation.to, at: path, expected: "the value at the end: " + like, as: number)
        let range = timeRange(fields, from: Key.Animation.start, to: Key.Animation.end, at: path, of: "animation", in: "overlay")
        let timing = read(fields, Key.Animation.timing, at: path, as: { self.choice($0, at: $1) as TimingFunction? })
        guard let property, let from, let to, let range else { return nil }
        return OverlayAnimation(property: property, from: from, to: to, timeRange: range, timing: timing ?? .linear)
    }

    /// The values a property's animation may take, and their words for messages.
    private static func animationBounds(_ property: OverlayAnimation.Property) -> (range: ClosedRange<Double>, expected: String) {
        switch property {
        case .opacity:
            (Opacity.range, Opacity.expected)
        case .x, .y:
            (-largestMove...largestMove, "a position in render pixels from -\(Int(largestMove)) to \(Int(largestMove)), like 40")
        case .scale:
            (0...largestScale, "a scale from 0 to \(Int(largestScale)), like 1.5 (1: as placed)")
        case .rotate:
            (-largestTurn...largestTurn, "a turn in degrees clockwise from -\(Int(largestTurn)) to \(Int(largestTurn)), like 90")
        }
    }

    // MARK: Values

    /// A JSON number that is a whole number in `range`; anything else reported with `expected`.
    func wholeNumber(_ value: Any, at path: JSONPath, in range: ClosedRange<Int>, expected: String) -> Int? {
        let number = boundedNumber(value, at: path, expected: expected) {
            $0 == $0.rounded() && Double(range.lowerBound) <= $0 && $0 <= Double(range.upperBound)
        }
        return number.map { Int($0) }
    }

    /// A distance in render pixels that is not negative: a radius, a padding, a blur.
    func distance(_ value: Any, at path: JSONPath) -> Double? {
        boundedNumber(value, at: path, expected: "a number of render pixels from 0 to \(Int(Self.largestSide)), like 8") {
            (0...Self.largestSide).contains($0)
        }
    }

    /// A colour with alpha: `"#RRGGBBAA"`, `"#RGBA"`, `"transparent"`, or an opaque colour.
    func rgbaColour(_ value: Any, at path: JSONPath) -> RGBAColour? {
        quantity(value, at: path, expected: RGBAColour.expected, number: nil, text: RGBAColour.init(parsing:))
    }
}
