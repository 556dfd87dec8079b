import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import MixdownUnits
import XCTest

/// The speech detector's input read through the render's own audio: the very
/// samples a decoder at the lower rate gives, with and without the cache and
/// from an entry, and the entry stored on the way.
final class DownsampledInputTests: XCTestCase {
    override func tearDown() { ConformedAudio.forgetAll() }

    private let low = try! SampleRate(hertz: 16_000)

    private func assertSame(_ a: StereoBuffer, _ b: StereoBuffer, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, "\(message): length", file: file, line: line)
        XCTAssertTrue(a.left == b.left && a.right == b.right, "\(message): not the same samples", file: file, line: line)
    }

    /// 48 kHz inputs of each kind (AAC stereo and mono, MP3, 16- and 32-bit PCM,
    /// Opus, Vorbis, FLAC), some from other projects: downsampled from the
    /// render's audio, they are bit for bit a decoder's at 16 kHz; read again
    /// from the entry the first read stored, too; without a cache, too.
    func testItGivesTheDecodersSamplesAndStoresTheEntryOnTheWay() throws {
        let folder = try TemporaryFolder()
        let aac = folder.file("stereo.m4a")
        _ = try Tool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "anoisesrc=d=2.3:c=pink:r=48000:a=0.3",
                                    "-f", "lavfi", "-i", "sine=f=440:r=48000:d=2.3",
                                    "-filter_complex", "[0][1]amerge=inputs=2", "-c:a", "aac", aac])
        var inputs = [aac, Fixture.path("interview.mp4"), Fixture.path("clip-a.mp4")]
        for name in ["exo-video_1.mp4", "ax-bear-id3.mp3", "ax-sine_32le.wav", "ax-bear.opus", "ax-bear_vorbis.ogg", "ax-bear_with_picture.flac"] {
            inputs.append(try Fixture.realMedia(name))
        }
        for input in inputs {
            let name = (input as NSString).lastPathComponent
            let expected = try AudioDecoder(path: input, sampleRate: low).readAll()
            XCTAssertGreaterThanOrEqual(expected.count, 16_000, name)
            let alone = try XCTUnwrap(try DownsampledInput(path: input, sessionRate: .standard, rate: low, cache: nil), name)
            assertSame(try alone.readAll(), expected, "\(name), no cache")

            let cache = ConformCache(folder: folder.file("cache-" + name))
            let storing = try XCTUnwrap(try DownsampledInput(path: input, sessionRate: .standard, rate: low, cache: cache), name)
            assertSame(try storing.readAll(chunk: 4096), expected, "\(name), decoded while stored")
            let entry = try XCTUnwrap(cache.lookUp(path: input, sampleRate: .standard), "\(name): the entry stored")
            assertSame(try ConformedAudioReader(entry: entry).readAll(), try AudioDecoder(path: input, sampleRate: .standard).readAll(),
                       "\(name): the entry is the session-rate decode")
            ConformedAudio.forget(path: input, sampleRate: .standard)
            let fromEntry = try XCTUnwrap(try DownsampledInput(path: input, sessionRate: .standard, rate: low, cache: cache), name)
            assertSame(try fromEntry.readAll(chunk: 777), expected, "\(name), from the entry")
        }
    }

    /// An input at another rate than the session's, or of more than two
    /// channels, is not read this way: its session-rate audio is itself converted.
    func testInputsNotAtTheSessionRateOrWithMoreChannelsAreDeclined() throws {
        XCTAssertNil(try DownsampledInput(path: Fixture.path("vo-short.wav"), sessionRate: .standard, rate: low, cache: nil), "22.05 kHz")
        XCTAssertNil(try DownsampledInput(path: Fixture.path("surround51.m4a"), sessionRate: .standard, rate: low, cache: nil), "5.1")
        XCTAssertNotNil(try DownsampledInput(path: Fixture.path("vo-short.wav"), sessionRate: try SampleRate(hertz: 22_050), rate: low, cache: nil),
                        "22.05 kHz in a 22.05 kHz session")
        XCTAssertThrowsError(try DownsampledInput(path: Fixture.path("not-media.mp4"), sessionRate: .standard, rate: low, cache: nil))
    }

    /// A read that stops a little short of the input's end (an item a few
    /// milliseconds shorter than its file) still stores the entry, reading the
    /// rest; one that stops at half does not, and leaves nothing in the folder.
    func testTheEntryIsStoredWhenWhatIsLeftIsShort() throws {
        let folder = try TemporaryFolder()
        let input = Fixture.path("clip-a.mp4")
        let total = Int64(try AudioDecoder(path: input, sampleRate: low).readAll().count)

        let nearly = ConformCache(folder: folder.file("nearly"))
        let short = try XCTUnwrap(try DownsampledInput(path: input, sessionRate: .standard, rate: low, cache: nearly))
        XCTAssertEqual(Int64(try short.readSamples(Int(total) - 800).count), total - 800)
        short.storeEntry()
        let entry = try XCTUnwrap(nearly.lookUp(path: input, sampleRate: .standard), "stored, 50 ms short of the end")
        XCTAssertEqual(entry.frameCount, Int64(try AudioDecoder(path: input, sampleRate: .standard).readAll().count))

        // A render of this process reads the entry it stored, whatever the cache: forgotten, so that the next is decoded.
        ConformedAudio.forget(path: input, sampleRate: .standard)
        let half = ConformCache(folder: folder.file("half"))
        let partial = try XCTUnwrap(try DownsampledInput(path: input, sessionRate: .standard, rate: low, cache: half))
        _ = try partial.readSamples(Int(total / 2))
        partial.storeEntry()
        XCTAssertNil(half.lookUp(path: input, sampleRate: .standard), "not stored from half the input")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.file("half")), [], "no partial entry left")
    }
}
