import Foundation

/// Media paths as the editors' formats name them.
enum MediaURL {
    /// `path` made absolute (against the working folder when relative).
    static func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The percent-encoded path of `path`, made absolute.
    static func encodedPath(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~/!$&'()*+,;=:@")
        return absolutePath(path).addingPercentEncoding(withAllowedCharacters: allowed) ?? absolutePath(path)
    }

    /// `file:///abs/path`, as OTIO's `ExternalReference.target_url`.
    static func fileURL(_ path: String) -> String { "file://" + encodedPath(path) }

    /// The file's name, the last component of its path.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
