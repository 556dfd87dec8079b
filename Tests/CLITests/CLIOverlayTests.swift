import Foundation
import MixdownTestSupport
import XCTest

/// Overlays, titles and captions end to end (issue 21): drawn where they are
/// placed, as an independent composite draws them, read back by OCR, timed to
/// the frame, animated along Core Animation's curves, smart-rendered, played
/// by a browser, and refused clearly when their input is bad.
final class CLIOverlayTests: XCTestCase {
    private let clipA = Fixture.repoPath("fixtures/media/clip-a.mp4")
    /// clip-a's render: 640×360, so the default margin is 18 px (5% of 360, even).
    private let width = 640, height = 360, margin = 18

    /// A 120×60 PNG whose colour and alpha both vary across it (its left 8
    /// columns transparent), so that a misplaced or mis-blended composite shows.
    /// Even sides at an even place: whole chroma samples, where ffmpeg's
    /// straight-alpha chroma means and Mixdown's premultiplied ones agree.
    private func logo(in folder: TemporaryFolder) throws -> String {
        let path = folder.file("logo.png")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "nullsrc=s=120x60", "-frames:v", "1", "-vf",
                                    "format=rgba,geq=r='2*X':g='255-4*Y':b='128':a='if(lt(X,8),0,55+200*X/120)'", "-y", path])
        return path
    }

    /// Frames `range` of `movie` with `image` laid over them at (`x`, `y`) by
    /// ffmpeg's `overlay` filter, 8-bit 4:2:0. The filter puts a 4:2:0 overlay
    /// on even positions only, and gives an odd last row or column of chroma the
    /// alpha of its one luma row: so the image is padded with transparent pixels
    /// to whole chroma samples (one column or row in front of it for an odd `x`
    /// or `y`), where the 2×2 means cover what the image covers.
    private func referenceOverlay(_ movie: String, _ image: String, x: Int, y: Int, _ range: ClosedRange<Int>,
                                  in folder: TemporaryFolder) throws -> [[UInt8]] {
        let reference = folder.file("reference-\(x)-\(y).mkv")
        let padX = x & 1, padY = y & 1
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", movie, "-i", image, "-filter_complex",
                                    "[1:v]format=rgba,pad=ceil((iw+\(padX))/2)*2:ceil((ih+\(padY))/2)*2:\(padX):\(padY):color=black@0[logo];"
                                        + "[0:v][logo]overlay=x=\(x - padX):y=\(y - padY):format=yuv420",
                                    "-c:v", "ffv1", "-y", reference])
        return try Tool.videoFrames(reference, range)
    }

    /// The samples of `rect` in each plane of a 4:2:0 frame, luma then both chromas.
    private func area(_ frame: [UInt8], x: Int, y: Int, w: Int, h: Int) -> [UInt8] {
        var samples: [UInt8] = []
        for row in y..<(y + h) { samples += frame[(row * width + x)..<(row * width + x + w)] }
        let chroma = width / 2, planes = [width * height, width * height * 5 / 4]
        for base in planes {
            for row in (y / 2)..<((y + h + 1) / 2) {
                let start: Int = base + row * chroma + x / 2
                let end: Int = base + row * chroma + (x + w + 1) / 2
                samples += frame[start..<end]
            }
        }
        return samples
    }

    /// The luma of a frame outside `rect`.
    private func lumaOutside(_ frame: [UInt8], x: Int, y: Int, w: Int, h: Int) -> [UInt8] {
        var samples: [UInt8] = []
        for row in 0..<height {
            for column in 0..<width where !(x..<(x + w)).contains(column) || !(y..<(y + h)).contains(row) {
                samples.append(frame[row * width + column])
            }
        }
        return samples
    }

    func testAWatermarkIsTheCompositeFFmpegDrawsWhereItsAnchorAndMarginPutIt() throws {
        let folder = try TemporaryFolder()
        let image = try logo(in: folder), out = folder.file("watermarked.mp4")
        let made = try CLIRunner.run(["export", "--video", clipA, "--watermark", image, "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stderr.contains("every frame is re-encoded"), made.stderr)
        XCTAssertEqual(try Tool.decodeErrors(out), "")

        // Top-right, 18 px in from the top and the right edge, at its own 120×60 pixels.
        let x = width - 120 - margin, y = margin
        let frames = 40...42
        let written = try Tool.videoFrames(out, frames), source = try Tool.videoFrames(clipA, frames)
        let reference = try referenceOverlay(clipA, image, x: x, y: y, frames, in: folder)
        let misplaced = try referenceOverlay(clipA, image, x: x - 2, y: y + 2, frames, in: folder)
        for k in 0..<frames.count {
            let placed = Measure.psnr(area(written[k], x: x, y: y, w: 120, h: 60), area(reference[k], x: x, y: y, w: 120, h: 60))
            let shifted = Measure.psnr(area(written[k], x: x, y: y, w: 120, h: 60), area(misplaced[k], x: x, y: y, w: 120, h: 60))
            XCTAssertGreaterThanOrEqual(placed, 35, "frame \(frames.lowerBound + k): \(placed) dB against ffmpeg's overlay")
            XCTAssertLessThan(shifted, placed - 6, "frame \(frames.lowerBound + k): 2 px off matches too well (\(shifted) against \(placed) dB)")
            // The rest of the picture is the source's, within the re-encode's noise.
            let rest = Measure.psnr(lumaOutside(written[k], x: x, y: y, w: 120, h: 60), lumaOutside(source[k], x: x, y: y, w: 120, h: 60))
            XCTAssertGreaterThanOrEqual(rest, 36, "frame \(frames.lowerBound + k): \(rest) dB outside the watermark")
            print("watermark frame \(frames.lowerBound + k): \(placed) dB over it against ffmpeg's overlay, \(shifted) dB 2 px off, \(rest) dB elsewhere")
        }
    }

    func testATitleDrawnByFrameAndByTheExportReadsBackByOCR() throws {
        let folder = try TemporaryFolder()
        let png = folder.file("title.png"), out = folder.file("title.mp4")
        let title = ["--title", "Mixdown draws titles@0.5-3.5"]
        // A title is centred: a band across the middle of the 360 lines holds it.
        let middle = 130..<230
        let drawn = try CLIRunner.run(["frame", "--video", clipA] + title + ["--at", "2", "-o", png])
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertEqual(try ocr(png, rows: middle, in: folder), "Mixdown draws titles")
        let made = try CLIRunner.run(["export", "--video", clipA] + title + ["-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        let still = folder.file("exported.png")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-ss", "2", "-i", out, "-frames:v", "1", "-y", still])
        XCTAssertEqual(try ocr(still, rows: middle, in: folder), "Mixdown draws titles")
        // Not there before its start.
        let before = folder.file("before.png")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-ss", "0.1", "-i", out, "-frames:v", "1", "-y", before])
        XCTAssertNotEqual(try ocr(before, rows: middle, in: folder), "Mixdown draws titles")
    }

    /// Tesseract's reading of `rows` of a picture, as one line. White text is
    /// what is read: the near-white pixels become black on white (the test
    /// pattern's colours would drown the letters), at twice the size.
    private func ocr(_ picture: String, rows: Range<Int>, in folder: TemporaryFolder) throws -> String {
        let crop = folder.file("crop-\(UUID().uuidString).png")
        let white = "if(gt(r(X\\,Y)\\,190)*gt(g(X\\,Y)\\,190)*gt(b(X\\,Y)\\,190)\\,0\\,255)"
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", picture, "-vf",
                                    "crop=iw:\(rows.count):0:\(rows.lowerBound),format=rgb24,geq=r='\(white)':g='\(white)':b='\(white)',scale=iw*2:ih*2",
                                    "-y", crop])
        let text = String(decoding: try Tool.run("tesseract", [crop, "stdout", "--psm", "7"]), as: UTF8.self)
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testABurnedCaptionShowsFromTheFrameAtItsStartToItsEnd() throws {
        let folder = try TemporaryFolder()
        let srt = folder.file("captions.srt"), out = folder.file("burned.mp4")
        try "1\n00:00:01,020 --> 00:00:02,500\nFirst words\n\n2\n00:00:03,000 --> 00:00:04,000\nSecond <i>line</i>\n\n"
            .write(toFile: srt, atomically: true, encoding: .utf8)
        let made = try CLIRunner.run(["export", "--video", clipA, "--captions", srt, "--burn-captions", "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        // The caption band: the bottom fifth, where the source and the export differ only under a cue.
        let written = try Tool.videoFrames(out, 0...179), source = try Tool.videoFrames(clipA, 0...179)
        let shown = (0..<180).map { k -> Bool in
            let band = (height * 4 / 5)..<height
            var differing = 0
            for row in band { for column in 0..<width where abs(Int(written[k][row * width + column]) - Int(source[k][row * width + column])) > 40 { differing += 1 } }
            return differing > 200
        }
        let frames = shown.enumerated().filter(\.element).map(\.offset)
        print("caption shown on frames \(frames)")
        // 1.020 s: frame 31 (1.033 s) is the first at or after it; up to 2.5 s: the last is frame 74 (2.467 s).
        // 3 s to 4 s: frames 90 to 119. One frame of slack each way.
        let first = frames.filter { $0 < 85 }, second = frames.filter { $0 >= 85 }
        XCTAssertEqual(Double(first.first ?? -9), 31, accuracy: 1, "\(frames)")
        XCTAssertEqual(Double(first.last ?? -9), 74, accuracy: 1, "\(frames)")
        XCTAssertEqual(Double(second.first ?? -9), 90, accuracy: 1, "\(frames)")
        XCTAssertEqual(Double(second.last ?? -9), 119, accuracy: 1, "\(frames)")
        XCTAssertEqual(first.count, first.last.map { $0 - first[0] + 1 }, "a gap inside the first cue: \(frames)")
        // And read back.
        let still = folder.file("cue.png")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-ss", "1.8", "-i", out, "-frames:v", "1", "-y", still])
        XCTAssertEqual(try ocr(still, rows: 280..<360, in: folder), "First words")
    }

    /// Core Animation's cubic timing curve through (0,0), `c1`, `c2`, (1,1) at
    /// input `x`, solved by bisection: the reference the renderer's curve is checked against.
    private func timing(_ x: Double, _ c1: (Double, Double), _ c2: (Double, Double)) -> Double {
        func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double { 3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if bezier(mid, c1.0, c2.0) < x { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, c1.1, c2.1)
    }

    func testOpacityAndPositionAnimationsFollowTheirTimingFunctionsInTheExport() throws {
        let folder = try TemporaryFolder()
        let project = folder.file("animated.json"), out = folder.file("animated.mp4")
        // A white box fading in over 0–2 s (ease-in-out), and a second one moving right
        // over 0–4 s (ease-out), over clip-a.
        let json = """
            {"version": 1, "clips": [{"path": "\(clipA)"}],
             "overlays": [
               {"box": {"colour": "#ffffff"}, "width": 100, "height": 60, "position": {"x": 40, "y": 40},
                "animations": [{"property": "opacity", "from": 0, "to": 1, "start": 0, "end": 2, "timing": "ease-in-out"}]},
               {"box": {"colour": "#000000"}, "width": 40, "height": 40, "position": {"x": 0, "y": 260},
                "animations": [{"property": "x", "from": 0, "to": 500, "start": 0, "end": 4, "timing": "ease-out"}]}
             ]}
            """
        try json.write(toFile: project, atomically: true, encoding: .utf8)
        let made = try CLIRunner.run(["export", project, "--video-quality", "12", "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        let samples = [9, 21, 30, 39, 51]
        let written = try Tool.videoFrames(out, 0...120), source = try Tool.videoFrames(clipA, 0...120)
        for k in samples {
            let t = Double(k) / 30
            // Opacity: the box's mean luma between the source's and white's (235).
            var out = 0.0, under = 0.0
            for row in 50..<90 { for column in 50..<130 { out += Double(written[k][row * width + column]); under += Double(source[k][row * width + column]) } }
            let alpha = (out - under) / (235 * 3200 - under)
            let expected = timing(min(t / 2, 1), (0.42, 0), (0.58, 1))
            XCTAssertEqual(alpha, expected, accuracy: 0.02, "opacity at frame \(k)")
            print("opacity at frame \(k): \(alpha) measured, \(expected) by the curve")
        }
        for k in [15, 30, 60, 90] {
            let t = Double(k) / 30
            // Position: the black box's left edge in rows 270–290, found where luma falls below 40.
            var edges: [Int] = []
            for row in 270..<290 {
                let line = written[k][(row * width)..<(row * width + width)]
                if let edge = line.indices.first(where: { index in
                    (0..<8).allSatisfy { index + $0 < row * width + width && line[index + $0] < 40 }
                }) { edges.append(edge - row * width) }
            }
            let measured = Double(edges.sorted()[edges.count / 2])
            let expected = 500 * timing(t / 4, (0, 0), (0.58, 1))
            XCTAssertEqual(measured, expected, accuracy: 10, "x at frame \(k): within 2% of the 500 px moved")
            print("x at frame \(k): \(measured) measured, \(expected) by the curve")
        }
    }

    func testASmartRenderedTitleReencodesOnlyTheGOPsItTouchesAndDecodesCleanlyAfterSeeks() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("long.mp4"), out = folder.file("titled.mp4")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-f", "lavfi", "-i",
                                    "sine=frequency=440:sample_rate=48000", "-t", "60", "-c:v", "libx264", "-preset", "ultrafast",
                                    "-g", "30", "-keyint_min", "30", "-sc_threshold", "0", "-pix_fmt", "yuv420p", "-c:a", "aac", "-y", clip])
        let made = try CLIRunner.run(["export", "--video", clip, "--title", "Five seconds of title@10.2-15.2", "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        // From the IDR at 10 s (frame 300) to the one at 16 s (frame 480), after its last frame (15.167 s).
        XCTAssertTrue(made.stderr.contains("1620 frames copied, 180 re-encoded"), made.stderr)
        let written = try Tool.videoPacketHashes(out), source = try Tool.videoPacketHashes(clip)
        XCTAssertEqual(written.count, 1800)
        XCTAssertEqual(Array(written[0..<300]), Array(source[0..<300]))
        XCTAssertEqual(Array(written[480...]), Array(source[480...]))
        XCTAssertNotEqual(Array(written[300..<480]), Array(source[300..<480]))
        XCTAssertEqual(try Tool.decodeErrors(out), "")
        for seek in ["5", "12.5", "20"] {
            let (_, errors) = try Tool.runCapturingErrors("ffmpeg", ["-v", "error", "-nostdin", "-ss", seek, "-i", out, "-t", "4", "-f", "null", "-"])
            XCTAssertEqual(errors, "", "after a seek to \(seek) s")
        }
        let inspected = try CLIRunner.run(["inspect", "--video", clip, "--title", "Five seconds of title@10.2-15.2"])
        XCTAssertTrue(inspected.stdout.contains("Five seconds of title"), inspected.stdout)
    }

    func testChromiumPlaysAnExportWithAWatermarkATitleAndBurnedCaptionsToItsEnd() throws {
        try XCTSkipIf(Browser.executable == nil, "chromium is not installed")
        let folder = try TemporaryFolder()
        let srt = folder.file("c.srt"), out = folder.file("all.mp4")
        try "1\n00:00:00,500 --> 00:00:02,000\nHello\n\n2\n00:00:02,500 --> 00:00:05,000\nWorld, twice\nover two lines\n"
            .write(toFile: srt, atomically: true, encoding: .utf8)
        let made = try CLIRunner.run(["export", "--video", clipA, "--watermark", try logo(in: folder), "--watermark-opacity", "0.7",
                                      "--title", "A title@1-4", "--captions", srt + "@eng", "--burn-captions", "--captions-track", "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        let playback = try Browser.play(out, rate: 2)
        XCTAssertEqual(playback.outcome, "ended", playback.description)
        XCTAssertEqual(playback.currentTime, 6, accuracy: 0.1, playback.description)
    }

    func testBadOverlayInputIsRefusedInOneLineAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("out.mp4")
        let notImage = folder.file("logo.png")
        try "not a picture".write(toFile: notImage, atomically: true, encoding: .utf8)
        let badTime = folder.file("bad.srt")
        try "1\n00:00:01,000 --> 00:00:0x,000\nHi\n".write(toFile: badTime, atomically: true, encoding: .utf8)
        let latin1 = folder.file("latin1.srt")
        // "Café" in Latin-1: é is the one byte 0xE9, no UTF-8.
        try Data(Array("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8) + [0xE9, 0x0A]).write(to: URL(fileURLWithPath: latin1))
        let cases: [(arguments: [String], status: Int32, says: [String])] = [
            (["--watermark", folder.file("missing.png")], 66, ["missing.png"]),
            (["--watermark", notImage], 65, ["logo.png"]),
            (["--captions", folder.file("missing.srt")], 66, ["missing.srt"]),
            (["--captions", badTime], 65, ["bad.srt:2:", "00:00:0x,000"]),
            (["--captions", latin1], 65, ["latin1.srt:3:", "UTF-8"]),
        ]
        for bad in cases {
            for command in ["export", "mix"] {
                let target = command == "mix" ? folder.file("out.wav") : out
                let result = try CLIRunner.run([command, "--video", clipA] + bad.arguments + ["-o", target])
                XCTAssertEqual(result.status, bad.status, "\(command) \(bad.arguments): \(result.stderr)")
                let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("Usage:") && !$0.hasPrefix("  See") && !$0.isEmpty }
                XCTAssertEqual(lines.count, 1, "one line expected: \(result.stderr)")
                for word in bad.says { XCTAssertTrue(result.stderr.contains(word), "\(bad.arguments): \(result.stderr)") }
                XCTAssertFalse(FileManager.default.fileExists(atPath: target), "\(command) \(bad.arguments) wrote \(target)")
            }
        }
        // An unknown font falls back to the default family with a warning, and draws.
        let project = folder.file("font.json")
        try """
            {"version": 1, "clips": [{"path": "\(clipA)"}],
             "overlays": [{"text": "Fallback", "style": {"font": "No Such Family 2026"}, "end": 2}]}
            """.write(toFile: project, atomically: true, encoding: .utf8)
        let png = folder.file("font.png")
        let drawn = try CLIRunner.run(["frame", project, "--at", "1", "-o", png])
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertTrue(drawn.stderr.contains("No Such Family 2026"), drawn.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: png))
    }

    func testInspectAndPlotShowTheOverlaysTheCuesAndWhatIsReencoded() throws {
        let folder = try TemporaryFolder()
        let srt = folder.file("talk.srt"), svg = folder.file("timeline.svg")
        try "1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:03,000 --> 00:00:04,500\nTwo\n".write(toFile: srt, atomically: true, encoding: .utf8)
        let flags = ["--video", clipA, "--title", "Opening@2-3", "--captions", srt + "@eng"]
        let inspected = try CLIRunner.run(["inspect"] + flags)
        XCTAssertEqual(inspected.status, 0, inspected.stderr)
        for line in ["2.000 –     3.000 s  overlay text Opening at center",
                     "2.000 –     3.000 s  re-encode: overlay",
                     "captions eng (talk.srt): 2 cues, a soft subtitle track (re-encodes nothing)",
                     "3.000 –     4.500 s  Two"] {
            XCTAssertTrue(inspected.stdout.contains(line), "'\(line)' missing from:\n\(inspected.stdout)")
        }
        let plotted = try CLIRunner.run(["plot"] + flags + ["-o", svg])
        XCTAssertEqual(plotted.status, 0, plotted.stderr)
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        XCTAssertTrue(picture.contains(#"id="lane-overlays""#))
        XCTAssertTrue(picture.contains(#"data-path="text" data-start="2.000000" data-end="3.000000""#), picture)
        XCTAssertEqual(picture.components(separatedBy: #"class="cue" data-language="eng""#).count - 1, 2)
        XCTAssertTrue(picture.contains(#"data-start="3.000000" data-end="4.500000""#))
    }
}
