internal import MixdownSystem
internal import MixdownUnits

/// A path to write an output to that appears at its final name only when complete.
///
/// The work goes to a hidden temporary file in the same folder (so the final
/// `rename` is atomic), `.NAME.mixdown-PID-N.tmp`; if the owner is released
/// without `commit()`, after an error or a cancellation, the temporary file is
/// removed and whatever was at the final path before is untouched. A process
/// ended by a signal removes it with ``removeTemporaryFiles()``; one killed
/// outright (`SIGKILL`, a power cut) leaves it, and the next `AtomicOutputFile`
/// for the same path removes it once its process is gone.
public final class AtomicOutputFile {
    /// Where the result will appear.
    public let path: String
    /// Where the work is written meanwhile.
    public let temporaryPath: String
    /// The temporary file, open and locked while it is being written: the lock
    /// tells a later run that the file is not a leftover.
    private var lock: FileDescriptor?
    private let registration: Int?
    private var committed = false

    /// Checks that `path` can be created and is none of `inputs` (the same file by
    /// device and inode, so links and other spellings of a path count), removes
    /// leftovers of killed runs for `path`, and reserves a temporary name beside it.
    ///
    /// - Throws: `cannotCreateOutput` when `path` is an input, names a folder or
    ///   anything else that is not a regular file (a device, a FIFO, a socket:
    ///   the rename would replace it), or lies in a folder that does not exist
    ///   or cannot be written.
    public init(path: String, inputs: [String] = []) throws(MediaIOError) {
        let (folder, name) = try Self.checked(path, inputs: inputs)
        self.path = path
        let directory = folder.isEmpty ? "/" : folder + "/"
        Self.removeLeftovers(in: directory, of: name)
        temporaryPath = directory + ".\(name).mixdown-\(currentProcessID())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        do {
            let file = try FileDescriptor.create(exclusively: temporaryPath)
            _ = file.tryLock()
            lock = file
        } catch {
            throw .cannotCreateOutput(path: path, reason: error.message)
        }
        registration = TemporaryFileRegistry.register(temporaryPath)
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
        release()
    }

    deinit {
        if !committed { unlinkFile(temporaryPath) }
        release()
    }

    /// Checks what ``init(path:inputs:)`` checks, creating nothing: for callers
    /// that refuse a bad output before long work.
    ///
    /// - Throws: `cannotCreateOutput`, as ``init(path:inputs:)``.
    public static func check(path: String, inputs: [String] = []) throws(MediaIOError) {
        _ = try checked(path, inputs: inputs)
    }

    /// The checks, and the output's folder and name.
    private static func checked(_ path: String, inputs: [String]) throws(MediaIOError) -> (folder: String, name: String) {
        let existing = FileStatus(path: path)
        if let existing, let input = Set(inputs).first(where: { FileStatus(path: $0).map(existing.isSameFile) ?? false }) {
            throw .cannotCreateOutput(path: path, reason: "it is one of the inputs (\(MessageText.shown(input)))")
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw .cannotCreateOutput(path: path, reason: "the path names a folder, not a file") }
        guard let folderStatus = FileStatus(path: folder.isEmpty ? "/" : folder), folderStatus.isDirectory else {
            throw .cannotCreateOutput(path: path, reason: "folder \(MessageText.shown(folder)) does not exist")
        }
        switch existing?.kind {
        case nil, .regular?: return (folder, name)
        case .directory?: throw .cannotCreateOutput(path: path, reason: "a folder of that name exists")
        case let kind?:
            throw .cannotCreateOutput(path: path, reason: "it is a \(kind.rawValue), not a regular file; "
                                      + "an output is written to a new file renamed into place, which would replace it")
        }
    }

    /// Removes the temporary files of every output not yet committed, for a
    /// signal handler about to end the process.
    ///
    /// Async-signal-safe: it reads atomics and calls `unlink(2)`, nothing else.
    public static func removeTemporaryFiles() {
        TemporaryFileRegistry.removeAll()
    }

    private func release() {
        try? lock?.close()
        lock = nil
        if let registration { TemporaryFileRegistry.unregister(registration) }
    }

    /// Removes `.NAME.mixdown-PID-N.tmp` files in `folder` whose process is gone
    /// and which no one holds locked: what a killed run left.
    private static func removeLeftovers(in directory: String, of name: String) {
        let start = ".\(name).mixdown-"
        for entry in directoryEntries(of: directory) where entry.hasPrefix(start) && entry.hasSuffix(".tmp") {
            guard let pid = Int32(entry.dropFirst(start.count).prefix { $0 != "-" }), !processExists(pid) else { continue }
            let leftover = directory + entry
            guard let file = try? FileDescriptor.open(readingFrom: leftover) else { continue }
            if file.tryLock() { unlinkFile(leftover) }
            try? file.close()
        }
    }
}
