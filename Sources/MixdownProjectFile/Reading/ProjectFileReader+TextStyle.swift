import Foundation
import MixdownComposition
import MixdownUnits

// A text's `style`, of a text overlay or a caption file: every key optional,
// each left out keeping the style it is read over.

extension ProjectFileReader {
    static let expectedWeight = "a weight from 100 (thin) to 900 (black) as a whole number, or "
        + Key.TextStyle.weightNames.map { #""\#($0.name)" (\#($0.weight))"# }.joined(separator: " or ")
    static let expectedFont = #"a font family name like "DejaVu Sans""#
    static let expectedOffset = "a number of render pixels from -\(Int(largestSide)) to \(Int(largestSide)), like 2"
    /// The most lines a text may be held to: far more than fit on any screen.
    static let largestLineCount = 100

    /// `{"font", "weight", "size", "colour", "outline", "shadow", "background",
    /// "align", "maxWidth", "maxLines", "designHeight"}` over `base`: `null` takes away an
    /// outline, shadow, background, maximum width or line count `base` has. A
    /// `size` makes every size of the style render pixels (a default style's
    /// scale with the render until then) unless `designHeight` gives the render
    /// height they are for.
    func textStyle(_ value: Any, at path: JSONPath, base: TextStyle) -> TextStyle? {
        let example = #"{"font": "DejaVu Sans", "weight": "bold", "size": 56, "colour": "white"}"#
        guard let fields = object(value, at: path, known: Key.TextStyle.known, example: example) else { return nil }
        var style = base
        if let family = read(fields, Key.TextStyle.font, at: path, as: fontFamily) { style.fontFamily = family }
        if let weight = read(fields, Key.TextStyle.weight, at: path, as: fontWeight) { style.fontWeight = weight }
        let size = "a font size in render pixels greater than 0 and at most \(Int(Self.largestSide)), like 48"
        if let pixels = read(fields, Key.TextStyle.size, at: path, as: { self.boundedNumber($0, at: $1, expected: size, accepting: Self.isLength) }) {
            style.size = pixels
            // A size of the file's own is render pixels, unless `designHeight` says for what height.
            style.designHeight = nil
        }
        let height = "a whole number of render lines from 1 to \(Int(Self.largestSide)) the sizes are given for, like 720, or null for render pixels"
        if let lines = readOrNone(fields, Key.TextStyle.designHeight, at: path, as: {
            self.wholeNumber($0, at: $1, in: 1...Int(Self.largestSide), expected: height)
        }) {
            style.designHeight = lines
        }
        if let colour = read(fields, Key.TextStyle.colour, at: path, as: rgbaColour) { style.colour = colour }
        if let outline = readOrNone(fields, Key.TextStyle.outline, at: path, as: outline) { style.outline = outline }
        if let shadow = readOrNone(fields, Key.TextStyle.shadow, at: path, as: shadow) { style.shadow = shadow }
        if let background = readOrNone(fields, Key.TextStyle.background, at: path, as: background) { style.background = background }
        if let alignment = read(fields, Key.TextStyle.align, at: path, as: { self.choice($0, at: $1) as TextStyle.Alignment? }) {
            style.alignment = alignment
        }
        let width = "a whole number of render pixels from 1 to \(Int(Self.largestSide)), like 1024, or null for no wrapping"
        if let pixels = readOrNone(fields, Key.TextStyle.maxWidth, at: path, as: {
            self.wholeNumber($0, at: $1, in: 1...Int(Self.largestSide), expected: width)
        }) {
            style.maximumWidth = pixels
        }
        let lines = "a whole number of lines from 1 to \(Self.largestLineCount), like 2, or null for no limit"
        if let count = readOrNone(fields, Key.TextStyle.maxLines, at: path, as: {
            self.wholeNumber($0, at: $1, in: 1...Self.largestLineCount, expected: lines)
        }) {
            style.maximumLines = count
        }
        return style
    }

    /// The value of an optional `key` where `null` means none: nil when absent
    /// or wrong (then reported), `.some(nil)` for `null`.
    func readOrNone<T>(_ fields: [String: Any], _ key: some ProjectFileKey, at path: JSONPath,
                       as convert: (Any, JSONPath) -> T?) -> T?? {
        guard let value = fields[key] else { return nil }
        if value is NSNull { return .some(nil) }
        return convert(value, path.appending(key)).map { .some($0) }
    }

    /// A family name as fontconfig takes it: a non-empty string, nothing around it.
    private func fontFamily(_ value: Any, at path: JSONPath) -> String? {
        guard let family = value as? String, !family.isEmpty, !family.unicodeScalars.contains("\0") else {
            report(path, found: Self.describe(value), expected: Self.expectedFont)
            return nil
        }
        return hasSpacesAround(family, at: path, expected: Self.expectedFont) ? nil : family
    }

    /// A weight: a whole number from 100 to 900, or a name of one.
    private func fontWeight(_ value: Any, at path: JSONPath) -> Int? {
        if let name = value as? String {
            guard let named = Key.TextStyle.weightNames.first(where: { $0.name == name }) else {
                let hint = Self.suggestion(for: name, among: Key.TextStyle.weightNames.map(\.name)).map { #"; did you mean "\#($0)"?"# } ?? ""
                report(path, found: Self.describe(value), expected: Self.expectedWeight + hint)
                return nil
            }
            return named.weight
        }
        return wholeNumber(value, at: path, in: 100...900, expected: Self.expectedWeight)
    }

    /// `{"colour", "width"}`, both required.
    private func outline(_ value: Any, at path: JSONPath) -> TextStyle.Outline? {
        let example = #"{"colour": "black", "width": 3}"#
        guard let fields = object(value, at: path, known: Key.Outline.known, example: example) else { return nil }
        let colour = require(fields, Key.Outline.colour, at: path, expected: "the outline's colour, " + RGBAColour.expected, as: rgbaColour)
        let expected = "the outline's width in render pixels, greater than 0 and at most \(Int(Self.largestSide)), like 3"
        let width = require(fields, Key.Outline.width, at: path, expected: expected,
                            as: { self.boundedNumber($0, at: $1, expected: expected, accepting: Self.isLength) })
        guard let colour, let width else { return nil }
        return TextStyle.Outline(colour: colour, width: width)
    }

    /// `{"colour", "x", "y", "blur"}`: the colour required, the rest as `TextStyle.Shadow` defaults them.
    private func shadow(_ value: Any, at path: JSONPath) -> TextStyle.Shadow? {
        let example = ##"{"colour": "#00000099", "x": 2, "y": 2, "blur": 6}"##
        guard let fields = object(value, at: path, known: Key.Shadow.known, example: example) else { return nil }
        let colour = require(fields, Key.Shadow.colour, at: path, expected: "the shadow's colour, " + RGBAColour.expected, as: rgbaColour)
        let offset = { self.boundedNumber($0, at: $1, expected: Self.expectedOffset) { abs($0) <= Self.largestSide } }
        let x = read(fields, Key.Shadow.x, at: path, as: offset)
        let y = read(fields, Key.Shadow.y, at: path, as: offset)
        let blur = read(fields, Key.Shadow.blur, at: path, as: distance)
        guard let colour else { return nil }
        var shadow = TextStyle.Shadow(colour: colour)
        if let x { shadow.offsetX = x }
        if let y { shadow.offsetY = y }
        if let blur { shadow.blur = blur }
        return shadow
    }

    /// `{"colour", "padding", "radius"}`: the box behind a text, its colour required.
    private func background(_ value: Any, at path: JSONPath) -> BoxStyle? {
        let example = ##"{"colour": "#000000a0", "padding": 12, "radius": 8}"##
        guard let fields = object(value, at: path, known: Key.Background.known, example: example) else { return nil }
        let colour = require(fields, Key.Background.colour, at: path, expected: "the box's colour, " + RGBAColour.expected, as: rgbaColour)
        let padding = read(fields, Key.Background.padding, at: path, as: distance)
        let radius = read(fields, Key.Background.radius, at: path, as: distance)
        return colour.map { BoxStyle(colour: $0, cornerRadius: radius ?? 0, padding: padding ?? 0) }
    }

    /// Whether `number` is a length a text's size or outline may have: greater than 0, at most the largest side.
    private static func isLength(_ number: Double) -> Bool {
        number > 0 && number <= largestSide
    }
}
