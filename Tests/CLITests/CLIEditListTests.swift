import Foundation
import MixdownTestSupport
import XCTest

/// Clips whose edit list ends before the last frames they store (phones and
/// cameras stop the edit where recording stopped; the frames after it are needed
/// to decode the ones before): a stream-copied export hides them as the source
/// did, so that it decodes to the source's frames, cleanly, with audio and video
/// ending together; joined before another clip, its last GOP is re-encoded.
final class CLIEditListTests: XCTestCase {
    func testAClipWhoseEditListHidesItsLastFramesIsCopiedWithThemHidden() throws {
        let folder = try TemporaryFolder()
        for hevc in [false, true] {
            let clip = folder.file(hevc ? "hevc.mov" : "h264.mov"), out = folder.file(hevc ? "hevc.mp4" : "h264.mp4")
            try EditListClip.make(clip, hevc: hevc)
            let shown = try Tool.decodedFrameHashes(clip)
            XCTAssertEqual(shown.count, 48, "the fixture shows 48 of its 50 frames")
            let made = try CLIRunner.run(["export", "--video", clip, "-o", out])
            XCTAssertEqual(made.status, 0, made.stderr)
            XCTAssertEqual(try Tool.decodeErrors(out), "", "hevc \(hevc): ffmpeg -v error says nothing")
            XCTAssertEqual(try Tool.decodedFrameHashes(out), shown, "hevc \(hevc): the source's frames, the hidden ones still hidden")
            XCTAssertEqual(try Tool.videoPacketHashes(out), try Tool.videoPacketHashes(clip), "every packet copied, the hidden ones too")
            let ends = try MovieBoxes.presentedDurations(out)
            XCTAssertEqual(try XCTUnwrap(ends["vide"]), 1.92, accuracy: 0.0001, "hevc \(hevc)")
            XCTAssertEqual(try XCTUnwrap(ends["soun"]), 1.92, accuracy: 0.0001, "hevc \(hevc): audio ends with the video")
        }
    }

    func testSuchAClipJoinedToItselfHasItsLastGOPReEncodedAndTheSecondCopyUntouched() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("hevc.mov"), out = folder.file("twice.mp4")
        try EditListClip.make(clip, hevc: true)
        let made = try CLIRunner.run(["export", "--video", clip, "--video", clip, "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        // The first copy up to its last IDR (1 s) is copied, then re-encoded to its end; the second copied whole.
        XCTAssertTrue(made.stderr.contains("75 frames copied, 23 re-encoded (HEVC"), made.stderr)
        XCTAssertEqual(try Tool.decodeErrors(out), "")
        let shown = try Tool.decodedFrameHashes(clip), written = try Tool.decodedFrameHashes(out)
        XCTAssertEqual(written.count, 96)
        XCTAssertEqual(Array(written.prefix(25)), Array(shown.prefix(25)), "the first copy's copied GOP")
        XCTAssertEqual(Array(written.suffix(48)), shown, "the second copy, its hidden frames hidden at the end")
        let ends = try MovieBoxes.presentedDurations(out)
        XCTAssertEqual(try XCTUnwrap(ends["vide"]), 3.84, accuracy: 0.0001)
        XCTAssertEqual(try XCTUnwrap(ends["soun"]), 3.84, accuracy: 0.0001)
    }

    /// The iPhone Dolby Vision clip of ../shared: its edit list hides its second
    /// packet (a P-frame the B-frames after it need), shown last, past the end.
    func testTheDolbyVisionClipExportsToItsOwnFrames() throws {
        let dolby = try Fixture.realMedia("ax-dolbyVision-hdr.MOV")
        let folder = try TemporaryFolder()
        let out = folder.file("dv.mp4")
        let made = try CLIRunner.run(["export", "--video", dolby, "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertEqual(try Tool.decodeErrors(out), "")
        let shown = try Tool.decodedFrameHashes(dolby)
        XCTAssertEqual(shown.count, 4)
        XCTAssertEqual(try Tool.decodedFrameHashes(out), shown)
        XCTAssertEqual(try Tool.videoPacketHashes(out), try Tool.videoPacketHashes(dolby))
        XCTAssertEqual(try XCTUnwrap(try MovieBoxes.presentedDurations(out)["vide"]), 64.0 / 600, accuracy: 0.00001,
                       "as its edit list: 64 ticks of 1/600 s")
    }
}
