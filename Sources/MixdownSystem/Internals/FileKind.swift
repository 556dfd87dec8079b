#if canImport(Glibc)
internal import Glibc
#endif

/// What a path names, by `stat(2)`'s file type (links followed): inputs must be
/// files Mixdown can read more than once, with seeks.
package enum FileKind: Equatable, Sendable {
    case regular
    case directory
    /// A named pipe: opening it waits for a writer, and it can be read once only.
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case other

    /// The kind of a file of `stat` mode `mode`.
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// Whether reading it can seek (a file, a disk), which reading media needs.
    package var isSeekable: Bool {
        self == .regular || self == .blockDevice || self == .directory
    }

    /// What it is, for a message: `a named pipe (FIFO)`.
    package var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a folder"
        case .fifo: "a named pipe (FIFO)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .other: "not a regular file"
        }
    }
}
