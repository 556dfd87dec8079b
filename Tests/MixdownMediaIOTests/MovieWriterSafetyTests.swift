import Foundation
import MixdownComposition
import MixdownMediaIO
import MixdownTime
import MixdownTestSupport
import XCTest

/// The output appears only when complete; anything else leaves the folder as it was.
final class MovieWriterSafetyTests: XCTestCase {
    func testReleasedWriterLeavesNoFileAndKeepsTheOldOne() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("export.mp4")
        let old = Data("an earlier export".utf8)
        try old.write(to: URL(fileURLWithPath: out))
        let plan = try stitchPlan([VideoClipRequest(path: Fixture.path("clip-a.mp4")),
                                               VideoClipRequest(path: Fixture.path("clip-c.mp4"))])
        do {
            let writer = try MovieWriter(path: out, video: plan)
            try TestSignal(count: 200_000, clicks: []).feed(block: 4096) { audio in
                try writer.writeAudio(audio)
            }
            XCTAssertGreaterThan(writer.videoFramesWritten, 0, "video was being written alongside")
            XCTAssertEqual(try folder.contents().count, 2, "the work goes to a hidden temporary file")
        }
        XCTAssertEqual(try folder.contents(), ["export.mp4"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), old)

        // Without an earlier file, nothing at all is left.
        let fresh = folder.file("fresh.mp4")
        do {
            let writer = try MovieWriter(path: fresh, video: plan)
            try TestSignal(count: 10_000, clicks: []).feed(block: 4096) { audio in
                try writer.writeAudio(audio)
            }
        }
        XCTAssertEqual(try folder.contents(), ["export.mp4"])
    }

    /// A clip without B-frames (its last frame decoded a frame before its end)
    /// followed by one whose first frames are decoded two frames before its start:
    /// planning refuses the join; forced, the writer stops at the join rather than
    /// hand the muxer decoding times that go back, and leaves no file.
    func testDecodingTimesThatWouldGoBackStopTheExportAndLeaveNoFile() throws {
        let folder = try TemporaryFolder()
        let plain = folder.file("plain.mp4"), pyramid = folder.file("pyramid.mp4"), out = folder.file("joined.mp4")
        for (path, frames) in [(plain, "0"), (pyramid, "3")] {
            _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25", "-t", "1",
                                        "-c:v", "libx264", "-preset", "veryfast", "-bf", frames, "-pix_fmt", "yuv420p", path])
        }
        let clips = [VideoClipRequest(path: plain), VideoClipRequest(path: pyramid)]
        XCTAssertThrowsError(try stitchPlan(clips), "planning refuses the join")
        let forced = try stitchPlan(clips, checkCompatibility: false)
        let error = caught(MediaIOError.self, try {
            let writer = try MovieWriter(path: out, video: forced)
            try TestSignal(count: 96_000, clicks: []).feed(block: 4096) { try writer.writeAudio($0) }
            try writer.finish()
        }())
        XCTAssertTrue("\(error.map { "\($0)" } ?? "no error")".contains("would not increase"), "\(String(describing: error))")
        XCTAssertEqual(try folder.contents(), ["plain.mp4", "pyramid.mp4"], "no export, no temporary file")
    }

    /// A stitch plan made by hand that puts a clip hiding frames past its end
    /// before another (planning composes such a timeline instead) is refused
    /// before anything is written: stream copy could hide them only at the end.
    func testAClipHidingFramesPastItsEndIsRefusedBeforeAnother() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("cut.mov"), out = folder.file("twice.mp4")
        try EditListClip.make(clip, hevc: false)
        let plan = try stitchPlan([VideoClipRequest(path: clip), VideoClipRequest(path: clip)])
        guard case let .unsupported(path, reason)? = caught(MediaIOError.self, try MovieWriter(path: out, video: plan)) else {
            return XCTFail("expected unsupported")
        }
        XCTAssertEqual(path, clip)
        XCTAssertTrue(reason.contains("hides frames past its end"), reason)
        XCTAssertEqual(try folder.contents(), ["cut.mov"], "no export, no temporary file")
        // Alone (last), it is copied.
        XCTAssertNoThrow(try MovieWriter(path: out, video: try stitchPlan([VideoClipRequest(path: clip)])))
    }

    func testFinishedWriterReplacesTheOldFileAndRefusesMore() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("mix.m4a")
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        let writer = try MovieWriter(path: out, video: nil)
        try TestSignal(count: 4_800, clicks: []).feed(block: 1000) { try writer.writeAudio($0) }
        try writer.finishDecodingCleanly()
        XCTAssertEqual(try folder.contents(), ["mix.m4a"])
        XCTAssertEqual(try Tool.streams(out).first?["codec_name"] as? String, "aac")
        guard case .writeFailed? = caught(MediaIOError.self, try writer.finish()) else { return XCTFail("second finish must fail") }
    }

    func testOutputThatIsAnInputIsRefused() throws {
        let folder = try TemporaryFolder()
        let copy = folder.file("clip.mp4")
        try FileManager.default.copyItem(atPath: Fixture.path("clip-c.mp4"), toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let plan = try stitchPlan([VideoClipRequest(path: copy)])
        let error = caught(MediaIOError.self, try MovieWriter(path: folder.path + "/./clip.mp4", video: plan))
        guard case let .cannotCreateOutput(_, reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason.contains("one of the inputs"), reason)
        XCTAssertEqual(try folder.contents(), ["clip.mp4"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), before)

        // An audio source named as an input is refused the same way.
        let voice = folder.file("voice.m4a")
        try FileManager.default.copyItem(atPath: Fixture.path("click-48k.m4a"), toPath: voice)
        guard case .cannotCreateOutput? = caught(MediaIOError.self, try MovieWriter(path: voice, video: nil, inputs: [voice])) else {
            return XCTFail("expected cannotCreateOutput")
        }
        XCTAssertEqual(try folder.contents(), ["clip.mp4", "voice.m4a"])
    }

    func testMissingFolderIsRefused() throws {
        guard case .cannotCreateOutput? = caught(MediaIOError.self, try MovieWriter(path: "/nonexistent-folder/x.mp4", video: nil)) else {
            return XCTFail("expected cannotCreateOutput")
        }
    }
}
