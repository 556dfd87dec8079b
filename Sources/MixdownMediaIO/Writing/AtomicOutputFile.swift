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
    ///
    /// - Throws: `cannotCreateOutput` when `path` is an input, names a folder, or
    ///   lies in a folder that does not exist or cannot be written.
    public init(path: String, inputs: [String] = []) throws(MediaIOError) {
        if let input = inputs.first(where: { Self.sameFile($0, path) }) {
            throw .cannotCreateOutput(path: path, reason: "it is one of the inputs (\(input))")
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw .cannotCreateOutput(path: path, reason: "the path names a folder, not a file") }
        guard let folderStatus = FileStatus(path: folder.isEmpty ? "/" : folder), folderStatus.isDirectory else {
            throw .cannotCreateOutput(path: path, reason: "folder \(folder) does not exist")
        }
        if let existing = FileStatus(path: path), existing.isDirectory {
            throw .cannotCreateOutput(path: path, reason: "a folder of that name exists")
        }
        self.path = path
        temporaryPath = (folder.isEmpty ? "" : folder + "/") + ".\(name).mixdown-\(currentProcessID())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        do {
            let file = try FileDescriptor.create(exclusively: temporaryPath)
            try? file.close()
        } catch {
            throw .cannotCreateOutput(path: path, reason: error.message)
        }
    }

    /// Moves the finished temporary file to `path`, replacing what was there.
    ///
    /// - Throws: `writeFailed` with the system's reason; the temporary file is
    ///   then removed when the owner is released.
    public func commit() throws(MediaIOError) {
        do {
            try renameFile(temporaryPath, to: path)
        } catch {
            throw .writeFailed(path: path, reason: error.message)
        }
        committed = true
    }

    deinit {
        if !committed { unlinkFile(temporaryPath) }
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        guard let first = FileStatus(path: a), let second = FileStatus(path: b) else { return false }
        return first.device == second.device && first.inode == second.inode
    }
}
