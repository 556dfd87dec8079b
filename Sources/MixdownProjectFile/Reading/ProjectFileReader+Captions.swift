import Foundation
import MixdownProject
import MixdownUnits

// The `captions` list: caption files, each a soft track, at most one burned in.

extension ProjectFileReader {
    static let expectedCaptionFile = #"a caption file path string like "subtitles/en.srt""#

    /// The caption files; at most one may be burned in (the later ones are reported).
    func captionsList(_ value: Any, at path: JSONPath) -> [Project.Captions]? {
        guard let list = list(value, at: path, of: "caption files", captions) else { return nil }
        let elements = value as? [Any] ?? []
        let burned = elements.indices.filter { index in
            guard let flag = (elements[index] as? [String: Any])?[Key.Captions.burn] as? NSNumber else { return false }
            return Self.isBoolean(flag) && flag.boolValue
        }
        for index in burned.dropFirst() {
            report(path.appending(index).appending(Key.Captions.burn), found: "true",
                   expected: "false: at most one caption file is burned in, and \(path.appending(burned[0])) is")
        }
        return list
    }

    func captions(_ value: Any, at path: JSONPath) -> Project.Captions? {
        let example = #"{"file": "subtitles.srt", "language": "eng"}"#
        guard let fields = object(value, at: path, known: Key.Captions.known, example: example) else { return nil }
        var captions = Project.Captions(path: "")
        if let file = require(fields, Key.Captions.file, at: path, expected: Self.expectedCaptionFile, as: filePath) { captions.path = file }
        if let language = read(fields, Key.Captions.language, at: path, as: language) { captions.language = language.code }
        if let flag = read(fields, Key.Captions.burn, at: path, as: bool) { captions.burn = flag }
        if let flag = read(fields, Key.Captions.track, at: path, as: bool) { captions.track = flag }
        if let style = read(fields, Key.Captions.style, at: path, as: { self.textStyle($0, at: $1, base: Project.Captions.defaultStyle) }) {
            captions.style = style
        }
        // Only when burn is false for sure: a wrong burn is reported already.
        let burnRead = fields[Key.Captions.burn].map { ($0 as? NSNumber).map(Self.isBoolean) == true } ?? true
        if !captions.burn, !captions.track, burnRead, let given = fields[Key.Captions.track] {
            report(path.appending(Key.Captions.track), found: Self.describe(given),
                   expected: "true unless burn is true: captions neither burned in nor written as a track show nowhere")
        }
        return captions
    }

    /// A language: an ISO 639-2 code such as `"eng"`.
    func language(_ value: Any, at path: JSONPath) -> LanguageCode? {
        quantity(value, at: path, expected: LanguageCode.expected, number: nil, text: LanguageCode.init(parsing:))
    }
}
