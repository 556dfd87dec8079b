import Foundation

/// Messages and progress on stderr (data goes to stdout), silenced by `--quiet`.
struct Console {
    let quiet: Bool

    func warn(_ message: String) {
        guard !quiet else { return }
        FileHandle.standardError.write(Data("mixdown: warning: \(message)\n".utf8))
    }

    func summary(_ message: String) {
        guard !quiet else { return }
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }
}
