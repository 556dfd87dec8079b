import Foundation
import MixdownComposition
import MixdownDSP
import MixdownExport
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownUnits
import MixdownTestSupport
import XCTest

/// Gaps among the clips (an editor's empty stretch of a video track): the
/// background colour and silence, every clip after a gap exactly its length
/// later, in the WAV preview (to the sample) and the export (to the frame),
/// against analytic tones and ffmpeg's decode of the files.
final class GapExportTests: XCTestCase {
    /// Two 2 s clips at 25 fps, 160×90, an IDR every 10 frames, with PCM tones
    /// (exact samples): a light grey with 440 Hz, a blue with 1 kHz, both 0.5 peak.
    struct Media: Sendable {
        let folder: String
        var a: String { folder + "/a.mov" }
        var b: String { folder + "/b.mov" }
    }

    static let made: Result<Media, any Error> = Result {
        let media = Media(folder: try temporaryFolder())
        for (path, colour, hertz) in [(media.a, "0xE0E0E0", 440), (media.b, "0x2040C0", 1000)] {
            let tone = "0.5*sin(2*PI*\(hertz)*t)"
            _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y",
                                        "-f", "lavfi", "-i", "color=c=\(colour):s=160x90:r=25:d=2",
                                        "-f", "lavfi", "-i", "aevalsrc=\(tone)|\(tone):s=48000:d=2",
                                        "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-pix_fmt", "yuv420p",
                                        "-c:a", "pcm_s16le", path])
        }
        return media
    }

    static let rate = 48_000.0
    /// The background: a colour whose three video-range components all differ from the clips'.
    static let background = Colour(red: 0x30, green: 0xA0, blue: 0x50)

    func media() throws -> Media { try Self.made.get() }

    /// A (2 s) + gap + B (2 s), on `background`.
    func project(gap: String = "1", transitionIntoGap: Transition? = nil) throws -> Project {
        let media = try media()
        var project = Project()
        project.clips = [.init(path: media.a), .init(gap: t(gap)), .init(path: media.b)]
        if let transitionIntoGap { project.clips[1].transition = .transition(transitionIntoGap) }
        project.video.background = Self.background
        return project
    }

    func mix(_ plan: MixPlan, range: String? = nil) throws -> [Float] {
        let path = temporaryPath("gap-mix.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = try PreviewSession(plan: plan, outputPath: path, format: .f32,
                                         range: try plan.samples(in: try range.map { try MediaTimeRange(parsing: $0) }))
        _ = try session.render()
        return try Tool.decodeStereo(path).left
    }

    /// Asserts `left` holds a 0.5-peak tone of `hertz` starting at sample `start`
    /// (its phase 0 there) for `seconds`, after the 5 ms cut fade: the first
    /// sample that is not zero is `start + 1` (sin 0 is 0), the rest the analytic tone.
    func assertTone(_ left: [Float], hertz: Double, startingAt start: Int, seconds: Double,
                    file: StaticString = #filePath, line: UInt = #line) {
        let firstSounding = left.firstIndex { abs($0) > 1e-6 }
        XCTAssertEqual(firstSounding, start + 1, "the first sample of the tone", file: file, line: line)
        var worst: Float = 0
        let body = (start + 240)..<min(left.count, start + Int(seconds * Self.rate))
        for n in body {
            let expected = Float(0.5 * sin(2 * Double.pi * hertz * Double(n - start) / Self.rate))
            worst = max(worst, abs(left[n] - expected))
        }
        // A tone one sample early or late is off by up to 0.5 × 2π × f / 48000 (0.065 at 1 kHz).
        XCTAssertLessThan(worst, 1e-3, "the tone at \(hertz) Hz placed at sample \(start)", file: file, line: line)
    }

    /// The peak of `left[range]` in dBFS.
    func peakDBFS(_ left: [Float], _ range: Range<Int>) -> Double {
        let peak = left[range].map { abs($0) }.max() ?? 0
        return peak > 0 ? 20 * log10(Double(peak)) : -.infinity
    }

    /// The mean Y', Cb, Cr of the frame ffmpeg shows at `seconds` of `path` (yuv420p, no conversion).
    func meanYCbCr(_ path: String, at seconds: Double, width: Int = 160, height: Int = 90) throws -> (y: Double, cb: Double, cr: Double) {
        let bytes = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-ss", String(seconds), "-i", path, "-frames:v", "1",
                                                     "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"]))
        let luma = width * height, chroma = luma / 4
        XCTAssertEqual(bytes.count, luma + 2 * chroma)
        func mean(_ range: Range<Int>) -> Double { Double(bytes[range].reduce(0) { $0 + Int($1) }) / Double(range.count) }
        return (mean(0..<luma), mean(luma..<luma + chroma), mean(luma + chroma..<luma + 2 * chroma))
    }

    /// The video-range Y'CbCr of `colour` by the matrix ffprobe says `path` is tagged with (BT.601 or BT.709),
    /// from the matrix's formulas; untagged (as these clips, copied, leave it), a decoder's
    /// convention by the picture's height: BT.601 below 720 lines.
    func videoRange(_ colour: Colour, taggedIn path: String) throws -> (y: Double, cb: Double, cr: Double) {
        let stream = try XCTUnwrap(Tool.streams(path).first { $0["codec_type"] as? String == "video" })
        let tagged = stream["color_space"] as? String ?? "unknown"
        let height = try XCTUnwrap(stream["height"] as? Int)
        let space = tagged == "unknown" ? (height < 720 ? "smpte170m" : "bt709") : tagged
        let (kr, kb): (Double, Double) = space == "bt709" ? (0.2126, 0.0722) : (0.299, 0.114)
        XCTAssertTrue(["bt709", "smpte170m", "bt470bg"].contains(space), space)
        let r = Double(colour.red) / 255, g = Double(colour.green) / 255, b = Double(colour.blue) / 255
        let luma = kr * r + (1 - kr - kb) * g + kb * b
        return (16 + 219 * luma, 128 + 224 * (b - luma) / (2 * (1 - kb)), 128 + 224 * (r - luma) / (2 * (1 - kr)))
    }

    func assertClose(_ found: (y: Double, cb: Double, cr: Double), _ expected: (y: Double, cb: Double, cr: Double),
                     within tolerance: Double = 2, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (name, a, b) in [("Y'", found.y, expected.y), ("Cb", found.cb, expected.cb), ("Cr", found.cr, expected.cr)] {
            XCTAssertEqual(a, b, accuracy: tolerance, "\(what): \(name)", file: file, line: line)
        }
    }

    // MARK: The mix

    func testTheMixPlacesTheClipAfterAGapExactlyAndTheGapIsSilent() throws {
        let plan = try project().plan()
        XCTAssertEqual(plan.duration, t("5"))
        let left = try mix(plan)
        XCTAssertEqual(left.count, 5 * 48_000)
        XCTAssertLessThan(peakDBFS(left, 96_000..<144_000), -90, "the gap (2 s to 3 s) is silent")
        XCTAssertGreaterThan(peakDBFS(left, 94_000..<95_000), -7, "clip a plays to its end")
        assertTone(Array(left[96_000...]), hertz: 1000, startingAt: 144_000 - 96_000, seconds: 2)
        // A gap that is not a whole number of frames or samples' worth moves clip b by exactly its length.
        let odd = try mix(try project(gap: "0.123457").plan())
        let start = Int((0.123457 * Self.rate).rounded()) + 96_000   // on the sample grid, half up: 5926 samples
        XCTAssertEqual(start, 101_926)
        assertTone(Array(odd[96_000...]), hertz: 1000, startingAt: start - 96_000, seconds: 1.5)
    }

    func testARangeAcrossAGapMixesAsTheWholeTimelineDoes() throws {
        let plan = try project().plan()
        // 1.6 s is frame 40: the picture's excerpt starts there too.
        let left = try mix(plan, range: "1.6-4")
        XCTAssertEqual(left.count, Int(2.4 * Self.rate))
        XCTAssertLessThan(peakDBFS(left, 19_200..<67_200), -90, "the gap, 0.4 s to 1.4 s into the range")
        assertTone(Array(left[19_200...]), hertz: 1000, startingAt: 67_200 - 19_200, seconds: 1)
        // The excerpt of the picture keeps the gap where it was, cut to the range.
        let excerpt = try plan.excerpt(forExportOf: try MediaTimeRange(parsing: "1.6-4"))
        XCTAssertEqual(excerpt.timelineRange, try MediaTimeRange(parsing: "1.6-4"))
        guard case let .composed(video) = excerpt.plan.video else { return XCTFail("a gap composes the picture") }
        XCTAssertEqual(video.timeline.gaps.map(\.timeRange), [try MediaTimeRange(parsing: "0.4-1.4")])
        XCTAssertEqual(video.timeline.placements.map(\.timeRange.start), [t("0"), t("1.4")])
        let items = excerpt.plan.audioTracks.filter { $0.part == .clips }.flatMap(\.items).sorted { $0.timeRange.start < $1.timeRange.start }
        XCTAssertEqual(items.map(\.timeRange.start), [t("0"), t("1.4")], "each clip's audio where its picture is")
        XCTAssertEqual(items.map(\.name), ["clips[0]", "clips[2]"], "named by their places in the project, the gap counted")
    }

    // MARK: The export

    func testTheExportShowsTheBackgroundInTheGapAndCopiesTheClips() throws {
        let media = try media()
        let plan = try project().plan(for: .export)
        guard case let .composed(video) = plan.video, let smart = video.smartRender else { return XCTFail("a gap composes the picture") }
        // Both clips' GOPs are copied whole; only the gap's frames are encoded.
        let spans = smart.spans.map { span -> String in
            switch span {
            case let .copy(segment): "copy \(segment.timelineRange.start.readable)-\(segment.timelineRange.end.readable)"
            case let .encode(range, reason): "encode \(range.start.readable)-\(range.end.readable) \(reason)"
            }
        }
        XCTAssertEqual(spans, ["copy 0s-2s", "encode 2s-3s gap (the background)", "copy 3s-5s"])

        let path = temporaryPath("gap.mp4")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try ExportSession(plan: plan, outputPath: path).exportDecodingCleanly()
        let format = try XCTUnwrap(Tool.probe(path, ["-show_entries", "format=duration"])["format"] as? [String: Any])
        XCTAssertEqual(Double(try XCTUnwrap(format["duration"] as? String)) ?? 0, 5, accuracy: 0.03)
        let streams = try probeStreams(path)
        XCTAssertEqual(try XCTUnwrap(streams.first { $0.type == "video" }).duration, 5, accuracy: 1e-6, "125 frames at 25 fps")

        assertClose(try meanYCbCr(path, at: 2.5), try videoRange(Self.background, taggedIn: path), "the gap at 2.5 s")
        let b = try meanYCbCr(media.b, at: 0.5)
        assertClose(try meanYCbCr(path, at: 3.5), b, within: 1, "clip b at 3.5 s")
        assertClose(try meanYCbCr(path, at: 1.5), try meanYCbCr(media.a, at: 1.5), within: 1, "clip a at 1.5 s")
        // Clip b's packets are its own, byte for byte, from 3 s.
        let written = try Tool.videoPacketHashes(path), source = try Tool.videoPacketHashes(media.b)
        XCTAssertEqual(written.count, 125)
        XCTAssertTrue(Array(written[75..<125]) == source, "clip b copied after the gap")
    }

    func testALeadingGapStartsOnTheBackgroundAndMovesEverythingLater() throws {
        let media = try media()
        var project = Project()
        project.clips = [.init(gap: t("1")), .init(path: media.a), .init(gap: t("0.5"))]
        project.video.background = Self.background
        let plan = try project.plan(for: .export)
        XCTAssertEqual(plan.duration, t("3.5"), "a trailing gap lengthens the timeline too")
        guard case let .composed(video) = plan.video else { return XCTFail("composed") }
        XCTAssertEqual(video.timeline.videoComposition.renderSize, try PixelSize(width: 160, height: 90), "the first clip's size")
        XCTAssertEqual(video.timeline.videoComposition.frameDuration, try FrameRate(25).frameDuration, "the first clip's rate")
        XCTAssertEqual(video.timeline.gaps.map(\.timeRange), [try MediaTimeRange(parsing: "0-1"), try MediaTimeRange(parsing: "3-3.5")])

        let left = try mix(plan)
        XCTAssertLessThan(peakDBFS(left, 0..<48_000), -90, "the leading gap is silent")
        assertTone(left, hertz: 440, startingAt: 48_000, seconds: 1.9)
        XCTAssertLessThan(peakDBFS(left, 144_000..<168_000), -90, "the trailing gap is silent")

        let path = temporaryPath("leading-gap.mp4")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try ExportSession(plan: plan, outputPath: path).exportDecodingCleanly()
        XCTAssertEqual(try XCTUnwrap(try probeStreams(path).first { $0.type == "video" }).duration, 3.5, accuracy: 1e-6)
        let background = try videoRange(Self.background, taggedIn: path)
        assertClose(try meanYCbCr(path, at: 0.5), background, "the leading gap at 0.5 s")
        assertClose(try meanYCbCr(path, at: 1.5), try meanYCbCr(media.a, at: 0.5), within: 1, "clip a at 1.5 s")
        assertClose(try meanYCbCr(path, at: 3.2), background, "the trailing gap at 3.2 s")
    }

    // MARK: Transitions with a gap

    func testADissolveIntoAGapFadesThePictureToTheBackground() throws {
        let plan = try project(transitionIntoGap: try Transition(kind: .dissolve, duration: t("0.4"))).plan(for: .export)
        // The dissolve (10 frames) overlaps clip a and the gap: clip b starts 0.4 s earlier, at 2.6 s.
        XCTAssertEqual(plan.duration, t("4.6"))
        guard case let .composed(video) = plan.video else { return XCTFail("composed") }
        XCTAssertEqual(video.timeline.placements.map(\.timeRange.start), [t("0"), t("2.6")])
        let frames = ComposedVideoFrames(video: video)
        let canvas = Picture(width: 160, height: 90)
        func meanLuma(_ seconds: MediaTime) throws -> Double {
            try frames.draw(at: seconds, into: canvas)
            var total = 0
            for y in 0..<90 { for x in 0..<160 { total += canvas.sample(.y, x: x, y: y) } }
            return Double(total) / Double(160 * 90)
        }
        let frame = try FrameRate(25).frameDuration
        var lumas: [Double] = []
        for k in 38...51 { lumas.append(try meanLuma(try frame.multiplied(by: Int64(k)))) }   // 1.52 s to 2.04 s; the dissolve is 1.6 s to 2 s
        let grey = 16 + 219 * (Double(0xE0) / 255)
        let background = try meanLuma(t("2.2"))
        XCTAssertLessThan(background, grey - 50, "the background is darker than clip a")
        XCTAssertEqual(lumas[0], grey, accuracy: 2, "clip a alone before the dissolve")
        XCTAssertEqual(lumas.last ?? 0, background, accuracy: 0.5, "the background once the dissolve is over")
        for (earlier, later) in zip(lumas, lumas.dropFirst()) {
            XCTAssertLessThanOrEqual(later, earlier + 0.01, "the luma falls monotonically over the dissolve: \(lumas)")
        }
        XCTAssertGreaterThan(lumas[3] - lumas[8], 30, "and it does fall, mid-dissolve (1.64 s to 1.84 s: half of it)")
        // Out of the gap by a dissolve: clip b fades in from the background (mirror of the above).
        var back = try project()
        back.clips[2].transition = .transition(try Transition(kind: .dissolve, duration: t("0.4")))
        guard case let .composed(into) = try back.plan(for: .export).video else { return XCTFail("composed") }
        let instruction = try XCTUnwrap(into.timeline.videoComposition.instruction(at: t("2.7")))
        XCTAssertEqual(instruction.timeRange, try MediaTimeRange(parsing: "2.6-3"))
        XCTAssertEqual(instruction.layerInstructions.map(\.drawsBackground), [true, false], "the gap: a layer of the background, on top")
        XCTAssertEqual(instruction.layerInstructions.first?.opacity(at: t("2.8")) ?? 0, 0.5, accuracy: 1e-9)
    }

    // MARK: Only gaps

    func testAProjectOfGapsAloneNeedsARenderSizeAndFrameRate() throws {
        var project = Project()
        project.clips = [.init(gap: t("1")), .init(gap: t("0.5"))]
        XCTAssertThrowsError(try project.plan(for: .export)) { error in
            XCTAssertTrue("\(error)".contains("every clip is a gap"), "\(error)")
            XCTAssertTrue("\(error)".contains("video.renderSize and video.frameRate"), "\(error)")
        }
        project.video.renderSize = try PixelSize(width: 64, height: 36)
        project.video.frameRate = try FrameRate(10)
        let plan = try project.plan(for: .export)
        XCTAssertEqual(plan.duration, t("1.5"))
        guard case let .composed(video) = plan.video else { return XCTFail("composed") }
        XCTAssertTrue(video.timeline.placements.isEmpty)
        XCTAssertTrue(video.timeline.videoComposition.instructions.allSatisfy(\.layerInstructions.isEmpty))
        // Exported: the background alone, every frame encoded.
        project.video.background = Self.background
        let path = temporaryPath("gaps-only.mp4")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try ExportSession(plan: try project.plan(for: .export), outputPath: path).exportDecodingCleanly()
        XCTAssertEqual(try Tool.videoPacketHashes(path).count, 15, "1.5 s at 10 fps")
        assertClose(try meanYCbCr(path, at: 0.75, width: 64, height: 36), try videoRange(Self.background, taggedIn: path), "the background")
        var zero = Project()
        zero.clips = [.init(gap: .zero), .init(path: try media().a)]
        XCTAssertThrowsError(try zero.plan()) { error in
            XCTAssertEqual("\(error)", "clips[0].gap: found 0s, expected a gap longer than 0")
        }
    }
}
