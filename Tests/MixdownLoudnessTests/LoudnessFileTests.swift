import Foundation
import MixdownLoudness
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// Files measured through the reading path against ffmpeg's `ebur128` filter,
/// which decodes them itself and meters with its own code (BS.1770 histogram,
/// true peak on libswresample's 192 kHz resampling): integrated loudness, true
/// peak, and the loudness range of its short-term readings.
final class LoudnessFileTests: XCTestCase {
    /// Our figures beside ffmpeg's, with the differences printed for the record.
    private func compare(_ path: String, prefilter: String = "", truePeakGain: Double = 0) throws {
        let ours = try LoudnessFigures(measuringFile: path)
        let theirs = try FFmpegLoudness(path: path, prefilter: prefilter, truePeakGain: truePeakGain)
        let integrated = try XCTUnwrap(ours.integrated, path)
        print("\((path as NSString).lastPathComponent): I \(integrated) / ffmpeg \(theirs.integrated) LUFS, "
              + "LRA \(ours.range) / ffmpeg on our grid \(theirs.rangeOnOneSecondGrid) (its own \(theirs.range)) LU, "
              + "TP \(ours.truePeak) / \(theirs.truePeak) dBTP")
        // ffmpeg's 0.01 LU histogram reads 0.005 LU low, and it prints 3 decimals.
        XCTAssertEqual(integrated, theirs.integrated, accuracy: 0.02, "integrated loudness of \(path)")
        // ffmpeg's short-term readings print 3 decimals.
        XCTAssertEqual(ours.range, theirs.rangeOnOneSecondGrid, accuracy: 0.01, "loudness range of \(path)")
        // Band-limited material: the two 4x interpolators agree within a few hundredths of a dB.
        XCTAssertEqual(ours.truePeak, theirs.truePeak, accuracy: 0.05, "true peak of \(path)")
    }

    /// Fixtures: MP3 music at 44.1 kHz, the interview (AAC, 48 kHz, speech over a
    /// room), and a mono voice-over at 22.05 kHz measured as one channel, as ffmpeg does.
    func testFixturesAgreeWithFFmpeg() throws {
        try compare(Fixture.path("music.mp3"), truePeakGain: 6)
        try compare(Fixture.path("interview.mp4"), truePeakGain: 12)
        try compare(Fixture.path("vo-pauses.wav"), truePeakGain: 3)
    }

    /// Real media from other projects: a music MP3 whose true peak is over 0 dBTP
    /// (a loud master) and AAC speech at 44.1 kHz.
    func testRealMediaAgreesWithFFmpeg() throws {
        try compare(Fixture.realMedia("mdn-viper.mp3"), truePeakGain: -1)
        try compare(Fixture.realMedia("lena.m4a"), truePeakGain: 7)
    }

    /// A 5.1 file is measured as Mixdown's stereo fold-down: ffmpeg agrees once it
    /// folds down with the same coefficients (ITU-R BS.775, LFE dropped).
    func testSurroundFileIsMeasuredAsItsFoldDown() throws {
        let fold = "pan=stereo|FL=FL+0.7071067811865476*FC+0.7071067811865476*BL"
            + "|FR=FR+0.7071067811865476*FC+0.7071067811865476*BR,"
        try compare(Fixture.path("surround51.m4a"), prefilter: fold, truePeakGain: 10)
    }

    /// A real file whose audio track is digital silence is reported as silent; ffmpeg
    /// shows its floor (−70 LUFS) and a peak of 0.
    func testSilentFileIsSilent() throws {
        let path = try Fixture.realMedia("ax-sample_audio_only_15s.mp4")
        let ours = try LoudnessFigures(measuringFile: path)
        let theirs = try FFmpegLoudness(path: path)
        print("silent file: I \(String(describing: ours.integrated)), TP \(ours.truePeak); ffmpeg I \(theirs.integrated), TP \(theirs.truePeak)")
        XCTAssertTrue(ours.isSilent)
        XCTAssertEqual(theirs.integrated, -70)
        XCTAssertEqual(ours.truePeak, theirs.truePeak)
        XCTAssertEqual(ours.truePeak, -.infinity)
    }

    /// A file is measured at its own rate, whatever it is: 4 kHz and 705.6 kHz lie
    /// outside the rates a session runs at (`SampleRate.range`), and ffmpeg agrees.
    func testFilesAtRatesNoSessionRunsAtAreMeasuredAtTheirOwn() throws {
        let folder = try TemporaryFolder()
        for rate in [4_000, 705_600] {
            let path = folder.file("tone-\(rate).wav")
            _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=frequency=440:duration=3:sample_rate=\(rate)",
                                        "-c:a", "pcm_f32le", path])
            let ours = try LoudnessFigures(measuringFile: path)
            let theirs = try FFmpegLoudness(path: path)
            print("\(rate) Hz tone: I \(String(describing: ours.integrated)) / ffmpeg \(theirs.integrated) LUFS")
            XCTAssertEqual(try XCTUnwrap(ours.integrated), theirs.integrated, accuracy: 0.02, "\(rate) Hz")
            XCTAssertEqual(ours.maxShortTermTime.seconds, 3, "\(rate) Hz: the end of the file, on its own grid")
        }
    }

    /// Files that cannot be measured give the reading path's errors, naming them; a cancel stops the measurement.
    func testErrorsNameTheFile() {
        let missing = Fixture.path("no-such-file.wav"), text = Fixture.path("not-media.mp4")
        XCTAssertThrowsError(try LoudnessFigures(measuringFile: missing)) { error in
            guard case let .missingInput(path, _)? = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, missing)
        }
        XCTAssertThrowsError(try LoudnessFigures(measuringFile: text)) { error in
            guard case let .unreadableMedia(path, _)? = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, text)
        }
        XCTAssertThrowsError(try LoudnessFigures(measuringFile: Fixture.path("music.mp3"), isCancelled: { true })) { error in
            XCTAssertEqual(error as? MediaIOError, .cancelled)
        }
    }
}
