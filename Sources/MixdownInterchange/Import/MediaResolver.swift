import Foundation

/// Finds a clip's media on this machine: the path or `file://` URL the editor
/// wrote, with `--relink` prefixes replaced, relative to the timeline's folder;
/// then under `--media-root` by its path relative to the timeline, then by its
/// file name.
struct MediaResolver {
    /// The folder of the timeline file; relative paths start there.
    let timelineFolder: String
    let options: OTIOImportOptions

    /// The file's path, or nil with every path looked at.
    func resolve(_ url: String) -> (path: String?, tried: [String]) {
        var path = Self.path(ofURL: url)
        if let relink = options.relinks.first(where: { path.hasPrefix($0.old) }) {
            path = relink.new + path.dropFirst(relink.old.count)
        }
        var tried: [String] = []
        func found(_ candidate: String) -> Bool {
            guard !tried.contains(candidate) else { return false }
            tried.append(candidate)
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        let direct = path.hasPrefix("/") ? path : join(timelineFolder, path)
        if found(direct) { return (direct, tried) }
        if let root = options.mediaRoot {
            let folder = timelineFolder.hasSuffix("/") ? timelineFolder : timelineFolder + "/"
            var relative: String?
            if !path.hasPrefix("/") {
                relative = path
            } else if !timelineFolder.isEmpty, path.hasPrefix(folder) {
                relative = String(path.dropFirst(folder.count))
            }
            if let relative, found(join(root, relative)) { return (join(root, relative), tried) }
            let name = (path as NSString).lastPathComponent
            if !name.isEmpty, found(join(root, name)) { return (join(root, name), tried) }
        }
        return (nil, tried)
    }

    /// A `target_url` as a path: `file://` URLs (with a host such as
    /// `localhost` or none) percent-decoded, anything else as written.
    static func path(ofURL url: String) -> String {
        guard url.lowercased().hasPrefix("file:") else { return url }
        var rest = url.dropFirst("file:".count)
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            rest = rest.drop { $0 != "/" }
        }
        let decoded = String(rest).removingPercentEncoding ?? String(rest)
        // A Windows drive (`/D:/media/a.mov`) keeps its letter: there is no better guess.
        return decoded
    }

    private func join(_ folder: String, _ path: String) -> String {
        guard !folder.isEmpty else { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }
}
