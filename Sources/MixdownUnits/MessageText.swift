/// User text (a typed value, a file name, a string from a file) as one-line
/// messages show it: control characters escaped, long text cut.
///
/// Every message that echoes such text goes through here, so a newline or a
/// terminal escape sequence in a file name prints as `\u000a` or `\u001b`,
/// never raw, and a 10 MB value prints as a few dozen characters.
public enum MessageText {
    /// `text` in double quotes, with `"`, `\` and control characters escaped,
    /// cut to `limit` characters with `…`: `"loud"`, `"a\u001b[31m"`.
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        var body = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar {
            case "\"": body += "\\\""
            case "\\": body += "\\\\"
            default: append(scalar, to: &body)
            }
        }
        return "\"" + body + (text.unicodeScalars.count > limit ? "…" : "") + "\""
    }

    /// `text` unquoted, as a path reads when typed: control characters escaped
    /// (`\u000a`); longer than `limit` characters, cut in the middle with `…`,
    /// keeping its end (a file's name).
    public static func shown(_ text: String, limit: Int = 200) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit || scalars.contains(where: isControl) else { return text }
        var body = ""
        if scalars.count > limit {
            let head = limit / 4, tail = limit - head - 1
            scalars.prefix(head).forEach { append($0, to: &body) }
            body += "…"
            scalars.suffix(tail).forEach { append($0, to: &body) }
        } else {
            scalars.forEach { append($0, to: &body) }
        }
        return body
    }

    private static func append(_ scalar: Unicode.Scalar, to text: inout String) {
        guard isControl(scalar) else {
            text.unicodeScalars.append(scalar)
            return
        }
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// C0 and C1 controls and DEL, which a terminal acts on, and the Unicode
    /// marks that reorder or break the text around them (bidirectional
    /// overrides and isolates, line and paragraph separators).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
