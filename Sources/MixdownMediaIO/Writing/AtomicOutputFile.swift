#if canImport(Glibc)
import Glibc
#endif

/// A path to write an output to that appears at its final name only when complete.
///
/// The work goes to a hidden temporary file in the same folder (so the final
/// `rename` is atomic); if the owner is released without `commit()`, after an
/// error or a cancellation, the temporary file is removed and whatever was at the
/// final path before is untouched.
public final class AtomicOutputFile {
    /// Where the result will appear.
    public let path: String
    /// Where the work is written meanwhile.
    public let temporaryPath: String
    private var committed = false

    /// Checks that `path` can be created and is none of `inputs` (the same file by
    /// device and inode, so links and other spellings of a path count), and reserves
    /// a temporary name beside it.
    public init(path: String, inputs: [String] = []) throws(MediaIOError) {
        if let input = inputs.first(where: { Self.sameFile($0, path) }) {
            throw .cannotCreateOutput(path: path, reason: "it is one of the inputs (\(input))")
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw .cannotCreateOutput(path: path, reason: "the path names a folder, not a file") }
        var info = stat()
        guard stat(folder.isEmpty ? "/" : folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .cannotCreateOutput(path: path, reason: "folder \(folder) does not exist")
        }
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw .cannotCreateOutput(path: path, reason: "a folder of that name exists")
        }
        self.path = path
        temporaryPath = (folder.isEmpty ? "" : folder + "/") + ".\(name).mixdown-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            throw .cannotCreateOutput(path: path, reason: String(cString: strerror(errno)))
        }
        close(fd)
    }

    /// Moves the finished temporary file to `path`, replacing what was there.
    public func commit() throws(MediaIOError) {
        guard rename(temporaryPath, path) == 0 else {
            throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        committed = true
    }

    deinit {
        if !committed { unlink(temporaryPath) }
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
