import Foundation
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// Where an output may go, and what a killed run leaves (issue 12, items 12 and 16).
final class AtomicOutputFileTests: XCTestCase {
    private func refusal(_ path: String, inputs: [String] = []) -> String? {
        guard case let .cannotCreateOutput(_, reason)? = caught(MediaIOError.self, try AtomicOutputFile(path: path, inputs: inputs))
        else { return nil }
        return reason
    }

    /// A device, a FIFO or a socket would be replaced by the rename into place
    /// (`-o /dev/null` as root replaced the system's /dev/null with a file).
    func testExistingFilesThatAreNotRegularAreRefusedAndKept() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("fifo.wav")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let socketPath = folder.file("socket.wav")
        let socket = try bindSocket(at: socketPath)
        defer { close(socket) }
        let deviceLink = folder.file("null.wav")
        try FileManager.default.createSymbolicLink(atPath: deviceLink, withDestinationPath: "/dev/null")

        for (path, kind) in [("/dev/null", "character device"), (fifo, "FIFO"), (socketPath, "socket"), (deviceLink, "character device")] {
            let reason = refusal(path)
            XCTAssertTrue(reason?.hasPrefix("it is a \(kind)") ?? false, "\(path): \(String(describing: reason))")
            XCTAssertTrue(reason?.contains("would replace it") ?? false, "\(path): \(String(describing: reason))")
        }
        XCTAssertEqual(refusal(folder.path), "a folder of that name exists")
        var info = stat()
        XCTAssertEqual(stat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: deviceLink), "/dev/null")
        XCTAssertEqual(try folder.contents(), ["fifo.wav", "null.wav", "socket.wav"], "no temporary file was made")
    }

    /// The output may not be an input under another name: a link to it, a hard
    /// link, another spelling of its path.
    func testAnOutputThatIsAnInputUnderAnotherNameIsRefused() throws {
        let folder = try TemporaryFolder()
        let input = folder.file("take.wav")
        try Data("an input".utf8).write(to: URL(fileURLWithPath: input))
        let symlink = folder.file("link.wav"), hardLink = folder.file("hard.wav")
        try FileManager.default.createSymbolicLink(atPath: symlink, withDestinationPath: input)
        try FileManager.default.linkItem(atPath: input, toPath: hardLink)
        for path in [symlink, hardLink, folder.path + "/./take.wav"] {
            XCTAssertEqual(refusal(path, inputs: [input]), "it is one of the inputs (\(input))", path)
            XCTAssertEqual(refusal(input, inputs: [path]), "it is one of the inputs (\(path))", path)
        }
        XCTAssertEqual(try String(contentsOfFile: input, encoding: .utf8), "an input")
    }

    /// A killed run leaves `.NAME.mixdown-PID-N.tmp`; the next output to NAME
    /// removes it once its process is gone and no one holds it locked, and
    /// leaves every other file alone.
    func testLeftoversOfKilledRunsAreRemovedByTheNextRun() throws {
        let folder = try TemporaryFolder()
        let dead = try deadProcessID()
        let alive = ProcessInfo.processInfo.processIdentifier
        let leftover = folder.file(".out.wav.mixdown-\(dead)-17.tmp")
        let running = folder.file(".out.wav.mixdown-\(alive)-18.tmp")
        let locked = folder.file(".out.wav.mixdown-\(dead)-19.tmp")
        let otherOutput = folder.file(".other.wav.mixdown-\(dead)-20.tmp")
        let notOurs = folder.file(".out.wav.mixdown-notes.txt")
        for path in [leftover, running, locked, otherOutput, notOurs] {
            try Data(count: 1000).write(to: URL(fileURLWithPath: path))
        }
        // A run in another PID namespace: its process looks gone, but it holds its lock.
        let holder = open(locked, O_RDONLY)
        XCTAssertEqual(flock(holder, LOCK_EX | LOCK_NB), 0)
        defer { close(holder) }

        let file = try AtomicOutputFile(path: folder.file("out.wav"))
        let names = try folder.contents()
        XCTAssertFalse(names.contains(".out.wav.mixdown-\(dead)-17.tmp"), "the leftover is removed")
        for kept in [running, locked, otherOutput, notOurs, file.temporaryPath] {
            XCTAssertTrue(names.contains((kept as NSString).lastPathComponent), "\(kept) is kept")
        }
    }

    /// What a signal handler calls before the process ends: every temporary
    /// output still being written is removed.
    func testTemporaryFilesCanBeRemovedBeforeAProcessEnds() throws {
        let folder = try TemporaryFolder()
        let first = try AtomicOutputFile(path: folder.file("a.wav"))
        let second = try AtomicOutputFile(path: folder.file("b.wav"))
        try Data("done".utf8).write(to: URL(fileURLWithPath: second.temporaryPath))
        try second.commit()
        XCTAssertEqual(try folder.contents().count, 2)
        AtomicOutputFile.removeTemporaryFiles()
        XCTAssertEqual(try folder.contents(), ["b.wav"], "the committed output stays, the unfinished one is gone")
        XCTAssertFalse(FileManager.default.fileExists(atPath: first.temporaryPath))
    }

    private func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    private func bindSocket(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            path.utf8CString.withUnsafeBytes { buffer.copyMemory(from: $0) }
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(status, 0, "bind \(path)")
        return fd
    }
}
