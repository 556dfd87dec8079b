import MixdownComposition
import MixdownProject
import MixdownTime
import MixdownUnits

// A clip's picture: the transition into it, its opacity, transform and crop
// ramps in clip time, and how it is fitted into the render size.

extension ProjectFileReader {
    /// The largest side of a render size: no crop edge lies beyond it.
    static let largestSide = Double(PixelSize.sideRange.upperBound)
    /// How far a picture may be moved: twice the largest side puts any picture
    /// wholly outside any frame, and keeps every pixel position an `Int`.
    static let largestMove = 2 * largestSide
    /// The largest scale: far past any useful zoom, and small enough that every
    /// scaled side stays a modest `Int`.
    static let largestScale = 100.0

    func readPicture(_ fields: [String: Any], at path: JSONPath, into clip: inout Project.Clip) {
        if let entry = read(fields, Key.Clip.transition, at: path, nullMeansDefault: true, as: transition) {
            if case let .transition(transition) = entry, path.components.last == .index(0) {
                report(path.appending(Key.Clip.transition), found: "a \(transition.kind.rawValue) transition",
                       expected: "none on the first clip, which nothing plays before (video.fadeIn fades the picture in from the background)")
            } else {
                clip.transition = entry
            }
        }
        if let ramps = layerRamps(fields, .opacity, at: path, like: "1", value: opacity) { clip.opacity = ramps }
        if let ramps = layerRamps(fields, .transform, at: path, like: #"{"scale": 0.5}"#, value: transform, check: checkTurns) {
            clip.transform = ramps
        }
        if let ramps = layerRamps(fields, .crop, at: path, like: #"{"width": 640, "height": 360}"#, value: crop) { clip.crop = ramps }
        if let fit = read(fields, Key.Clip.fit, at: path, nullMeansDefault: true, as: { self.choice($0, at: $1) as ConformMode? }) {
            clip.fit = fit
        }
    }

    /// The ramps of one layer property under `key`: each
    /// `{"start", "end", "from", "to"}` in clip time, values read by `value`
    /// (given `like` in messages), none overlapping another; `check` may refuse
    /// a ramp whose ends do not go together.
    private func layerRamps<Value>(_ fields: [String: Any], _ key: Key.Clip, at path: JSONPath, like: String,
                                   value: (Any, JSONPath) -> Value?,
                                   check: ((_ from: Value, _ to: Value, _ path: JSONPath) -> Bool)? = nil) -> [LayerRamp<Value>]? {
        let ramps = read(fields, key, at: path, as: {
            self.list($0, at: $1, of: "\(key.rawValue) ramps") { element, path -> (index: Int, ramp: LayerRamp<Value>)? in
                self.layerRamp(element, at: path, of: key.rawValue, like: like, value: value, check: check)
            }
        })
        guard let ramps else { return nil }
        checkOverlaps(ramps.map { ($0.index, $0.ramp.timeRange) }, at: path.appending(key),
                      expected: "\(key.rawValue) ramps of one clip that do not overlap")
        return ramps.map(\.ramp)
    }

    private func layerRamp<Value>(_ element: Any, at path: JSONPath, of name: String, like: String,
                                  value: (Any, JSONPath) -> Value?,
                                  check: ((Value, Value, JSONPath) -> Bool)?) -> (index: Int, ramp: LayerRamp<Value>)? {
        let example = #"{"start": 0, "end": 1, "from": \#(like), "to": \#(like)}"#
        guard let fields = object(element, at: path, known: Key.Ramp.layerKnown, example: example) else { return nil }
        let range = rampRange(fields, at: path, in: "clip")
        let from = require(fields, Key.Ramp.from, at: path, expected: "the \(name) at the start, like \(like)", as: value)
        let to = require(fields, Key.Ramp.to, at: path, expected: "the \(name) at the end, like \(like)", as: value)
        guard let range, let from, let to, case let .index(index)? = path.components.last else { return nil }
        if let check, !check(from, to, path) { return nil }
        return (index, LayerRamp(from: from, to: to, timeRange: range))
    }

    /// An opacity: a number from 0 (transparent) to 1 (opaque).
    func opacity(_ value: Any, at path: JSONPath) -> Opacity? {
        quantity(value, at: path, expected: Opacity.expected, number: Opacity.init(value:), text: nil)
    }

    /// `{"scale", "scaleX", "scaleY", "rotate", "x", "y"}`, each optional: the identity where left out.
    func transform(_ value: Any, at path: JSONPath) -> LayerTransform? {
        let example = #"{"scale": 0.5, "rotate": 90, "x": 320, "y": 180}"#
        guard let fields = object(value, at: path, known: Key.Transform.known, example: example) else { return nil }
        let issuesBefore = issues.count
        if fields[Key.Transform.scale] != nil, let other = [Key.Transform.scaleX, .scaleY].first(where: { fields[$0] != nil }) {
            report(path.appending(other), found: "\(Self.describe(fields[other]!)) beside scale",
                   expected: "either scale (the same both ways) or scaleX and scaleY")
        }
        let scale = read(fields, Key.Transform.scale, at: path, as: scaleFactor) ?? 1
        var transform = LayerTransform(
            quarterTurns: read(fields, Key.Transform.rotate, at: path, as: quarterTurns) ?? 0,
            scaleX: read(fields, Key.Transform.scaleX, at: path, as: scaleFactor) ?? scale,
            scaleY: read(fields, Key.Transform.scaleY, at: path, as: scaleFactor) ?? scale)
        transform = transform.translatedBy(x: read(fields, Key.Transform.x, at: path, as: move) ?? 0,
                                           y: read(fields, Key.Transform.y, at: path, as: move) ?? 0)
        return issues.count == issuesBefore ? transform : nil
    }

    /// Turns cannot be ramped (the compositor turns by whole quarter turns), so
    /// both ends of a transform ramp keep the same `rotate`.
    private func checkTurns(from: LayerTransform, to: LayerTransform, at path: JSONPath) -> Bool {
        guard from.quarterTurns != to.quarterTurns else { return true }
        report(path.appending(Key.Ramp.to).appending(Key.Transform.rotate), found: "\(to.quarterTurns * 90)",
               expected: "\(from.quarterTurns * 90), the rotate of from: a turn cannot be ramped (turn at one time with a ramp whose end equals its start)")
        return false
    }

    /// `{"x", "y", "width", "height"}` in pixels of the conformed picture; `x` and `y` default to 0.
    func crop(_ value: Any, at path: JSONPath) -> CropRectangle? {
        guard let fields = object(value, at: path, known: Key.Crop.known, example: #"{"x": 0, "y": 0, "width": 640, "height": 360}"#) else {
            return nil
        }
        let issuesBefore = issues.count
        let edge = "a number of pixels from 0 to \(Int(Self.largestSide)), like 40"
        let side = "a number of pixels greater than 0 and at most \(Int(Self.largestSide)), like 640"
        let readEdge = { self.boundedNumber($0, at: $1, expected: edge) { (0...Self.largestSide).contains($0) } }
        let readSide = { self.boundedNumber($0, at: $1, expected: side) { $0 > 0 && $0 <= Self.largestSide } }
        let x = read(fields, Key.Crop.x, at: path, as: readEdge)
        let y = read(fields, Key.Crop.y, at: path, as: readEdge)
        let width = require(fields, Key.Crop.width, at: path, expected: side, as: readSide)
        let height = require(fields, Key.Crop.height, at: path, expected: side, as: readSide)
        guard let width, let height, issues.count == issuesBefore else { return nil }
        return CropRectangle(x: x ?? 0, y: y ?? 0, width: width, height: height)
    }

    /// A scale factor: greater than 0, at most ``largestScale``.
    private func scaleFactor(_ value: Any, at path: JSONPath) -> Double? {
        boundedNumber(value, at: path, expected: "a scale greater than 0 and at most \(Int(Self.largestScale)), like 0.5 (1 keeps the size)") {
            $0 > 0 && $0 <= Self.largestScale
        }
    }

    /// A turn: 0, 90, 180 or 270 degrees clockwise, as quarter turns.
    private func quarterTurns(_ value: Any, at path: JSONPath) -> Int? {
        let degrees = boundedNumber(value, at: path, expected: "0, 90, 180 or 270 (degrees clockwise)") { [0, 90, 180, 270].contains($0) }
        return degrees.map { Int($0) / 90 }
    }

    /// A move in render pixels, either way up to ``largestMove``.
    private func move(_ value: Any, at path: JSONPath) -> Double? {
        let limit = Int(Self.largestMove)
        return boundedNumber(value, at: path, expected: "a move in render pixels from -\(limit) to \(limit), like 40") { abs($0) <= Self.largestMove }
    }

    /// A JSON number that `accepting` takes; anything else reported with `expected`.
    func boundedNumber(_ value: Any, at path: JSONPath, expected: String, accepting: (Double) -> Bool) -> Double? {
        guard let number = Self.number(value)?.exactDouble, accepting(number) else {
            report(path, found: Self.describe(value), expected: expected)
            return nil
        }
        return number
    }
}
