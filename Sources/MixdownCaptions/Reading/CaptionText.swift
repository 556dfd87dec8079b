/// A caption file's bytes as lines of text: UTF-8 (a byte-order mark dropped)
/// or UTF-16 with a byte-order mark; anything else refused naming its line.
enum CaptionText {
    /// The lines of `bytes`, without their `\n` or `\r\n`.
    ///
    /// - Throws: ``CaptionError/malformed(path:line:reason:)`` at the first line that does not decode.
    static func lines(of bytes: [UInt8], path: String) throws(CaptionError) -> [String] {
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else {
                throw .malformed(path: path, line: lineCount(utf16: units(bytes, littleEndian: littleEndian)),
                                 reason: "UTF-16 text that ends in half a character")
            }
            text = try decode(units(bytes, littleEndian: littleEndian), as: UTF16.self, path: path, encoding: "UTF-16")
        } else {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            text = try decode(body, as: UTF8.self, path: path, encoding: "UTF-8")
        }
        // `\r\n` is one Character to Swift, so it is a separator of its own.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func units(_ bytes: [UInt8], littleEndian: Bool) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return units
    }

    private static func lineCount(utf16 units: [UInt16]) -> Int {
        units.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// Decodes `units` strictly, counting lines so that a bad sequence is named by its line.
    private static func decode<Codec: UnicodeCodec>(_ units: [Codec.CodeUnit], as codec: Codec.Type,
                                                    path: String, encoding: String) throws(CaptionError) -> String {
        var decoder = Codec()
        var iterator = units.makeIterator()
        var scalars = String.UnicodeScalarView()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                if scalar == "\n" { line += 1 }
                scalars.append(scalar)
            case .emptyInput:
                return String(scalars)
            case .error:
                let hint = encoding == "UTF-8" ? " (Latin-1 or Windows-1252?)" : ""
                throw .malformed(path: path, line: line, reason: "the text is not valid \(encoding)\(hint): "
                    + "save the file as UTF-8, or UTF-16 with a byte-order mark")
            }
        }
    }
}
