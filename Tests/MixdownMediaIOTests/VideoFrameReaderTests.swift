import Foundation
import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import MixdownTime
import XCTest

/// `VideoFrameReader` against ffmpeg: the same pictures, byte for byte, from the
/// start and after seeks; the same timestamps; the orientation and colours the
/// streams state.
final class VideoFrameReaderTests: XCTestCase {
    /// Reads up to `count` frames.
    private func read(_ reader: VideoFrameReader, count: Int) throws -> [VideoFrame] {
        var frames: [VideoFrame] = []
        while frames.count < count, let frame = try reader.nextFrame() { frames.append(frame) }
        return frames
    }

    func testFramesFromTheStartAreFFmpegsByteForByte() throws {
        let path = Fixture.path("clip-a.mp4")
        let reader = try VideoFrameReader(path: path)
        XCTAssertEqual(reader.properties.width, 640)
        XCTAssertEqual(reader.properties.height, 360)
        XCTAssertEqual(reader.properties.pixelFormat, "yuv420p")
        XCTAssertEqual(reader.properties.orientation, .upright)
        XCTAssertEqual(reader.properties.averageFrameRate, try FrameRate(30))
        XCTAssertEqual(reader.properties.sampleAspectRatio, .square)
        let frames = try read(reader, count: 40)
        let expected = try VideoOracle.frames(path, count: 40, frameBytes: 640 * 360 * 3 / 2)
        XCTAssertEqual(frames.count, 40)
        XCTAssertEqual(expected.count, 40)
        for (i, (frame, oracle)) in zip(frames, expected).enumerated() {
            XCTAssertEqual(frame.picture.width, 640)
            XCTAssertTrue(frame.picture.packedBytes == oracle, "frame \(i) differs from ffmpeg's")
            XCTAssertEqual(frame.time, try MediaTime(value: Int64(i), timescale: 30), "frame \(i)")
            XCTAssertEqual(frame.duration, try MediaTime(value: 1, timescale: 30))
        }
    }

    func testSeekingIntoAGOPGivesTheFramesFFmpegDecodesThere() throws {
        let path = Fixture.path("clip-a.mp4")
        let expected = try VideoOracle.frames(path, count: 70, frameBytes: 640 * 360 * 3 / 2)
        let reader = try VideoFrameReader(path: path)
        // Keyframes every 30 frames: frame 45 is mid-GOP; 1.51 s is inside frame 45.
        try reader.seek(to: MediaTime(value: 151, timescale: 100))
        var frames = try read(reader, count: 3)
        XCTAssertEqual(frames.map(\.time), try (45..<48).map { try MediaTime(value: Int64($0), timescale: 30) })
        for (i, frame) in frames.enumerated() {
            XCTAssertTrue(frame.picture.packedBytes == expected[45 + i], "frame \(45 + i) after a seek")
        }
        // Forward within reach, then back before the keyframe: the frames are still ffmpeg's.
        try reader.seek(to: MediaTime(value: 52, timescale: 30))
        frames = try read(reader, count: 10)
        XCTAssertEqual(frames.first?.time, try MediaTime(value: 52, timescale: 30))
        for (i, frame) in frames.enumerated() {
            XCTAssertTrue(frame.picture.packedBytes == expected[52 + i], "frame \(52 + i) after a seek forward")
        }
        try reader.seek(to: MediaTime(value: 7, timescale: 30))
        frames = try read(reader, count: 2)
        XCTAssertEqual(frames.first?.time, try MediaTime(value: 7, timescale: 30))
        XCTAssertTrue(frames.first?.picture.packedBytes == expected[7], "frame 7 after a seek back")
        // Past the end: nothing.
        try reader.seek(to: MediaTime(value: 6, timescale: 1))
        XCTAssertNil(try reader.nextFrame())
    }

    func testFrameTimesAreTheStitchPlansClipTime() throws {
        // Clip time 0 is the container's start: the video of this file starts 1 s after its audio.
        let shifted = try VideoClipInfo(path: try Fixture.realMedia("ax-edit_list_positive_shift.mp4"))
        let reader = try VideoFrameReader(clip: shifted)
        let first = try XCTUnwrap(try reader.nextFrame())
        XCTAssertEqual(first.time, try MediaTime(value: 1, timescale: 1))
        XCTAssertEqual(first.time, shifted.keyframeTimes.first)
        // A file whose every stream starts at 10 s starts at 0, and its last frame ends where the clip does.
        let late = try VideoClipInfo(path: try Fixture.realMedia("ax-bbb_avc_2b_firstpts_10_sec.mp4"))
        let lateReader = try VideoFrameReader(clip: late)
        XCTAssertEqual(try XCTUnwrap(try lateReader.nextFrame()).time, .zero)
        try lateReader.seek(to: try late.duration - MediaTime(value: 1, timescale: 1000))
        let last = try XCTUnwrap(try lateReader.nextFrame())
        XCTAssertEqual(last.end, late.duration)
        XCTAssertNil(try lateReader.nextFrame())
        let segment = try XCTUnwrap(try VideoStitchPlan(clips: [VideoClipRequest(path: late.path)], infos: [late.path: late]).segments.first)
        XCTAssertEqual(segment.sourceRange.end, last.end)
    }

    func testAVariableFrameRatePhoneClipGivesItsTimestampsAndItsTurn() throws {
        let path = try Fixture.realMedia("exo-video_1.mp4")
        let reader = try VideoFrameReader(path: path)
        XCTAssertEqual(reader.properties.orientation, VideoOrientation(quarterTurns: 3))
        XCTAssertEqual(reader.properties.width, 352)
        XCTAssertEqual(reader.properties.height, 288)
        XCTAssertEqual(reader.properties.displaySize.width, 288)
        let frames = try read(reader, count: 100)
        let timestamps = try VideoOracle.frameTimestamps(path)
        XCTAssertEqual(frames.map(\.timestamp), timestamps)
        XCTAssertEqual(frames.map(\.time), try timestamps.map { try TimeBase(1, 90_000).time(ticks: $0) })
        let intervals = Set(zip(timestamps, timestamps.dropFirst()).map { $1 - $0 })
        XCTAssertGreaterThan(intervals.count, 1, "the clip's frame rate varies")
        let upright = try VideoOracle.frames(path, count: frames.count, frameBytes: 352 * 288 * 3 / 2, autorotate: true)
        XCTAssertEqual(upright.count, frames.count)
        for (i, (frame, oracle)) in zip(frames, upright).enumerated() {
            let turned = frame.picture.rotated(quarterTurns: reader.properties.orientation.quarterTurns)
            XCTAssertEqual(turned.width, 288)
            XCTAssertTrue(turned.packedBytes == oracle, "frame \(i) turned upright differs from ffmpeg's")
        }
    }

    func testAnIPhoneClipTurnsClockwiseAndStatesBT709() throws {
        let path = try Fixture.realMedia("jsonize-iphone_rotated.mov")
        let reader = try VideoFrameReader(path: path)
        XCTAssertEqual(reader.properties.orientation, VideoOrientation(quarterTurns: 1))
        XCTAssertEqual(reader.properties.displaySize.width, 320)
        XCTAssertEqual(reader.properties.displaySize.height, 568)
        XCTAssertEqual(reader.properties.colour, .bt709)
        let frames = try read(reader, count: 6)
        let upright = try VideoOracle.frames(path, count: 6, frameBytes: 568 * 320 * 3 / 2, autorotate: true)
        XCTAssertEqual(frames.count, 6)
        for (i, (frame, oracle)) in zip(frames, upright).enumerated() {
            XCTAssertTrue(frame.picture.rotated(quarterTurns: 1).packedBytes == oracle, "frame \(i) turned upright differs from ffmpeg's")
        }
        XCTAssertEqual(frames.map(\.timestamp), Array(try VideoOracle.frameTimestamps(path).prefix(6)))
    }

    func testAMirroredMatrixIsATurnAndAFlip() throws {
        // [0 1; 1 0] transposes: ffmpeg shows it with transpose=cclock_flip.
        let reader = try VideoFrameReader(path: try Fixture.realMedia("ax-sample_rotate_and_reflect.mp4"))
        XCTAssertEqual(reader.properties.orientation, VideoOrientation(quarterTurns: 1, isMirrored: true))
        XCTAssertEqual(VideoOrientation(displayMatrix: [-65536, 0, 0, 0, 65536, 0, 0, 0, 1 << 30]), VideoOrientation(quarterTurns: 0, isMirrored: true))
        XCTAssertEqual(VideoOrientation(displayMatrix: [-65536, 0, 0, 0, -65536, 0, 0, 0, 1 << 30]), VideoOrientation(quarterTurns: 2))
        XCTAssertEqual(VideoOrientation(displayMatrix: nil), .upright)
    }

    func testTenBitHEVCComesOutAsFFmpegConvertsItTo8Bit() throws {
        let path = try Fixture.realMedia("ax-hlg10-color-test.mp4")
        let reader = try VideoFrameReader(path: path)
        XCTAssertEqual(reader.properties.codec, "hevc")
        XCTAssertEqual(reader.properties.pixelFormat, "yuv420p10le")
        XCTAssertEqual(reader.properties.colour, VideoColourProperties(range: "tv", primaries: "bt2020", transfer: "arib-std-b67",
                                                                      matrix: "bt2020nc", chromaLocation: "left"))
        let frames = try read(reader, count: 3)
        let expected = try VideoOracle.frames(path, count: 3, frameBytes: 1920 * 1080 * 3 / 2)
        XCTAssertEqual(frames.count, 3)
        for (i, (frame, oracle)) in zip(frames, expected).enumerated() {
            XCTAssertEqual(frame.picture.width, 1920)
            XCTAssertEqual(maximumDifference(frame.picture.packedBytes, oracle), 0, "frame \(i)")
        }
    }

    func testAnIPhoneHEVCClipIsTurnedAndShowsEveryFrameItsEditListKeeps() throws {
        let path = try Fixture.realMedia("ax-dolbyVision-hdr.MOV")
        let reader = try VideoFrameReader(path: path)
        XCTAssertEqual(reader.properties.orientation, VideoOrientation(quarterTurns: 1))
        XCTAssertEqual(reader.properties.pixelFormat, "yuv420p10le")
        let frames = try read(reader, count: 10)
        let timestamps = try VideoOracle.frameTimestamps(path)
        XCTAssertEqual(frames.map(\.timestamp), timestamps)
        let expected = try VideoOracle.frames(path, count: 10, frameBytes: 1280 * 720 * 3 / 2)
        XCTAssertEqual(frames.count, expected.count)
        for (i, (frame, oracle)) in zip(frames, expected).enumerated() {
            XCTAssertEqual(maximumDifference(frame.picture.packedBytes, oracle), 0, "frame \(i)")
        }
    }

    func testFramesAnEditListLeavesOutAreDecodedButNotReturned() throws {
        // The only keyframe is pre-roll the edit list hides: 17 packets, 16 frames shown.
        let path = try Fixture.realMedia("ax-sample_edit_list_only_preroll_sync_sample.mp4")
        let clip = try VideoClipInfo(path: path)
        XCTAssertEqual(clip.frameCount, 17)
        let reader = try VideoFrameReader(clip: clip)
        let frames = try read(reader, count: 100)
        let expected = try VideoOracle.frames(path, count: 100, frameBytes: 640 * 360 * 3 / 2)
        XCTAssertEqual(frames.count, 16)
        XCTAssertEqual(expected.count, 16)
        XCTAssertEqual(frames.first?.time, .zero)
        XCTAssertEqual(frames.map(\.timestamp), try VideoOracle.frameTimestamps(path))
        for (i, (frame, oracle)) in zip(frames, expected).enumerated() {
            XCTAssertTrue(frame.picture.packedBytes == oracle, "frame \(i)")
        }
        // A seek to the start decodes the hidden keyframe again without showing it.
        try reader.seek(to: .zero)
        XCTAssertTrue(try reader.nextFrame()?.picture.packedBytes == expected[0])
    }

    func testA444StreamWithOpenGOPsIsConvertedAndSeeksPastItsLeadingFrames() throws {
        // IIBBIBB: each I is followed by B-frames shown before it; the first I is hidden pre-roll.
        let path = try Fixture.realMedia("ax-iibbibb_editlist_videoonly.mp4")
        let reader = try VideoFrameReader(path: path)
        XCTAssertEqual(reader.properties.pixelFormat, "yuv444p")
        let expected = try VideoOracle.frames(path, count: 100, frameBytes: 704 * 576 * 3 / 2)
        let frames = try read(reader, count: 100)
        XCTAssertEqual(frames.count, expected.count)
        for (i, (frame, oracle)) in zip(frames, expected).enumerated() {
            XCTAssertTrue(frame.picture.packedBytes == oracle, "frame \(i)")
        }
        // Frame 3 (3 s) decodes from the second I-frame (shown at 2 s), not from the start.
        for second in [3, 1, 7] {
            try reader.seek(to: MediaTime(value: Int64(second), timescale: 1))
            let frame = try XCTUnwrap(try reader.nextFrame())
            XCTAssertEqual(frame.time, try MediaTime(value: Int64(second), timescale: 1))
            XCTAssertTrue(frame.picture.packedBytes == expected[second], "frame \(second) after a seek")
        }
    }

    func testAFullRangeClipIsBroughtToVideoRangeAsFFmpegDoes() throws {
        // A 4K phone clip in yuvj420p (JPEG range: its first frame's luma spans 9 to 255), scaled down by the reader.
        let path = try Fixture.realMedia("ax-portrait_4k60.mp4")
        let clip = try VideoClipInfo(path: path)
        let reader = try VideoFrameReader(clip: clip, pictureSize: (960, 540), scaling: .bilinear)
        XCTAssertEqual(reader.properties.pixelFormat, "yuvj420p")
        XCTAssertTrue(reader.properties.colour.isFullRange)
        let frame = try XCTUnwrap(try reader.nextFrame())
        XCTAssertEqual(frame.picture.width, 960)
        let expected = try VideoOracle.frames(path, count: 1, frameBytes: 960 * 540 * 3 / 2, filter: "scale=960:540:flags=bilinear")
        XCTAssertEqual(maximumDifference(frame.picture.packedBytes, expected[0]), 0)
        let luma = frame.picture.packedBytes.prefix(960 * 540)
        XCTAssertGreaterThanOrEqual(luma.min() ?? 0, 16, "video range")
        XCTAssertLessThanOrEqual(luma.max() ?? 255, 235, "video range")
    }

    func testTenBitFullRangeAnd422AreConvertedAsFFmpegConvertsThem() throws {
        // 10-bit decodes as yuv420p10le with the range a frame property, not a pixel format;
        // and a 10-bit 4:2:2 H.264 (High 4:2:2) needs its chroma halved vertically.
        let folder = try TemporaryFolder()
        for (name, format, encoder, extra, range) in [("full-range.mp4", "yuv420p10le", "libx265", ["-color_range", "pc", "-x265-params", "log-level=error"], "pc"),
                                                      ("422.mp4", "yuv422p10le", "libx264", [], nil)] {
            let path = folder.file(name)
            _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10", "-frames:v", "2",
                                        "-vf", "format=\(format)", "-c:v", encoder] + extra + [path])
            let reader = try VideoFrameReader(path: path)
            XCTAssertEqual(reader.properties.pixelFormat, format)
            XCTAssertEqual(reader.properties.colour.range, range)
            let frame = try XCTUnwrap(try reader.nextFrame())
            let expected = try VideoOracle.frames(path, count: 1, frameBytes: 320 * 240 * 3 / 2)
            XCTAssertEqual(maximumDifference(frame.picture.packedBytes, expected[0]), 0, name)
        }
    }

    func testFilesWithoutVideoAreRefusedWithTheirName() throws {
        XCTAssertThrowsError(try VideoFrameReader(path: Fixture.path("vo-short.wav"))) { error in
            XCTAssertEqual(error as? MediaIOError, .noStream(path: Fixture.path("vo-short.wav"), kind: "video"))
        }
        XCTAssertThrowsError(try VideoFrameReader(path: Fixture.path("no-such-clip.mp4"))) { error in
            guard case .missingInput(let path, _)? = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, Fixture.path("no-such-clip.mp4"))
        }
        XCTAssertThrowsError(try VideoFrameReader(path: Fixture.path("not-media.mp4"))) { error in
            XCTAssertTrue("\(error)".contains("not-media.mp4"), "\(error)")
        }
        let clip = try VideoClipInfo(path: Fixture.path("clip-a.mp4"))
        XCTAssertThrowsError(try VideoFrameReader(clip: clip, pictureSize: (641, 360))) { error in
            guard case .unsupported? = error as? MediaIOError else { return XCTFail("\(error)") }
        }
    }
}
