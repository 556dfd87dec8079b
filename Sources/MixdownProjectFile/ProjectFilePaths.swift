import Foundation

/// How project files name media: relative paths are relative to the project
/// file's folder. Paths are joined and tidied as text only (`.` segments and
/// repeated slashes go); `..` is kept, because with symbolic links only the
/// file system knows where it leads.
enum ProjectFilePaths {
    /// `path` as the loader stores it: absolute paths as given (tidied),
    /// relative ones joined to `base`; an empty base is the current folder.
    static func resolve(_ path: String, against base: String) -> String {
        if path.hasPrefix("/") || tidy(base).isEmpty || tidy(base) == "." { return tidy(path) }
        return tidy(base + "/" + path)
    }

    /// `path` as the writer puts it in a file whose folder is `base`: relative
    /// when it lies under `base`, else absolute, so that ``resolve(_:against:)``
    /// gives `path` back. Relative inputs are relative to the current folder.
    static func relative(_ path: String, to base: String) -> String {
        let file = tidy(path)
        var folder = tidy(base)
        if folder.isEmpty { folder = "." }
        if file.hasPrefix("/") == folder.hasPrefix("/") {
            if folder == "." { return file }
            if let inner = remainder(of: file, under: folder) { return inner }
            return file.hasPrefix("/") ? file : absolute(file)
        }
        let absoluteFile = absolute(file)
        return remainder(of: absoluteFile, under: absolute(folder)) ?? absoluteFile
    }

    /// `path` without `.` segments, repeated or trailing slashes; `.` if nothing is left.
    static func tidy(_ path: String) -> String {
        guard !path.isEmpty else { return "" }
        let isAbsolute = path.hasPrefix("/")
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = segments.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : tidy(FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// The part of `path` below `folder`, if `path` lies under it.
    private static func remainder(of path: String, under folder: String) -> String? {
        let prefix = folder == "/" ? "/" : folder + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        return String(path.dropFirst(prefix.count))
    }
}
