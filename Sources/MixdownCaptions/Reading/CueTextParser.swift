internal import MixdownComposition

/// A cue's text lines as runs: `<i>` and `<b>` make italic and bold runs,
/// every other tag (`<u>`, `<font …>`, `<c.x>`, `<v Name>`, `<00:01.000>`) is
/// dropped keeping its text, and entities are decoded.
struct CueTextParser {
    /// Drop SRT's `{\an8}`-style ASS overrides too.
    let stripsBraceTags: Bool

    /// Each line's runs; styles carry over from one line to the next as tags do.
    func lines(_ lines: [String]) -> [[TextRun]] {
        var italic = 0, bold = 0
        var result: [[TextRun]] = []
        for line in lines {
            var runs: [TextRun] = []
            var text = ""
            func flush() {
                guard !text.isEmpty else { return }
                runs.appendMerging(TextRun(text, isItalic: italic > 0, isBold: bold > 0))
                text = ""
            }
            var index = line.startIndex
            while index < line.endIndex {
                let character = line[index]
                if character == "<", let close = line[index...].firstIndex(of: ">") {
                    let tag = line[line.index(after: index)..<close]
                    let closing = tag.hasPrefix("/")
                    let name = (closing ? tag.dropFirst() : tag).prefix { $0.isLetter }.lowercased()
                    if name == "i" || name == "b" {
                        flush()
                        let change = closing ? -1 : 1
                        if name == "i" { italic = max(0, italic + change) } else { bold = max(0, bold + change) }
                    }
                    index = line.index(after: close)
                } else if stripsBraceTags, character == "{", line[index...].dropFirst().first == "\\",
                          let close = line[index...].firstIndex(of: "}") {
                    index = line.index(after: close)
                } else if character == "&", let (decoded, next) = entity(in: line, at: index) {
                    text += decoded
                    index = next
                } else {
                    text.append(character)
                    index = line.index(after: index)
                }
            }
            flush()
            result.append(runs)
        }
        // Lines left empty by dropped tags at the edges do not count.
        while result.last?.isEmpty == true { result.removeLast() }
        while result.first?.isEmpty == true { result.removeFirst() }
        return result
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{00A0}", "lrm": "\u{200E}", "rlm": "\u{200F}", "quot": "\"", "apos": "'",
    ]

    /// The entity at `index` (`&amp;`, `&#233;`, `&#xE9;`) and the index after it; nil when none.
    private func entity(in line: String, at index: String.Index) -> (String, String.Index)? {
        let rest = line[line.index(after: index)...].prefix(10)
        guard let semicolon = rest.firstIndex(of: ";") else { return nil }
        let name = rest[..<semicolon]
        var value: String?
        if let named = Self.named[String(name)] {
            value = named
        } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16) {
            value = Self.character(code)
        } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()) {
            value = Self.character(code)
        }
        guard let value else { return nil }
        return (value, line.index(after: semicolon))
    }

    /// The character of a numeric entity; nil (the entity kept as written) for
    /// NUL, which would end the text where C reads it, and for what is no scalar.
    private static func character(_ code: UInt32) -> String? {
        guard code != 0 else { return nil }
        return Unicode.Scalar(code).map { String(Character($0)) }
    }
}
