import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// The scratch file a normalisation records the mix in: frames come back as
/// written, from any thread and in any order; it has no name, so nothing is
/// left behind; a bad folder or a read past what was written is a clear error.
final class ScratchAudioFileTests: XCTestCase {
    func testFramesComeBackAsWrittenAndNothingIsLeft() throws {
        let folder = try TemporaryFolder()
        let frames = 100_000
        let left = (0..<frames).map { Float($0) / Float(frames) }, right = left.map { -$0 }
        do {
            let file = try ScratchAudioFile(frameCount: Int64(frames), folder: folder.path)
            XCTAssertEqual(try folder.contents(), [], "an unnamed file")
            let audio = AudioBuffer(copying: [left, right])
            // Two threads, each writing every other block of 7000 frames, back to front.
            let blocks = stride(from: 0, to: frames, by: 7000).map { $0..<min($0 + 7000, frames) }
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for block in blocks.indices.reversed() where block % 2 == thread {
                    let range = blocks[block]
                    try? file.write(audio.slice(range), at: Int64(range.lowerBound))
                }
            }
            var read = AudioBuffer(capacity: 12_345)
            for start in [0, 54_321, frames - 12_345] {
                try file.read(into: read.mutableSlice(0..<12_345), at: Int64(start))
                XCTAssertEqual(Array(read.slice(0..<12_345).left), Array(left[start..<start + 12_345]))
                XCTAssertEqual(Array(read.slice(0..<12_345).right), Array(right[start..<start + 12_345]))
            }
            let longer = try ScratchAudioFile(frameCount: Int64(frames) * 2, folder: folder.path)
            try longer.write(audio.slice(0..<10), at: 0)
            XCTAssertThrowsError(try longer.read(into: read.mutableSlice(0..<100), at: Int64(frames) * 2 - 100)) { error in
                guard case let .writeFailed(path, reason) = error as? MediaIOError else { return XCTFail("\(error)") }
                XCTAssertEqual(path, folder.path)
                XCTAssertTrue(reason.contains("ends early"), reason)
            }
        }
        XCTAssertEqual(try folder.contents(), [])
        XCTAssertThrowsError(try ScratchAudioFile(frameCount: 10, folder: folder.file("missing"))) { error in
            guard case let .cannotCreateOutput(path, reason) = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, folder.file("missing"))
            XCTAssertTrue(reason.contains("No such file or directory"), reason)
        }
    }
}
