import MixdownUnits
import XCTest

/// Duck depth, speech threshold, sample rate and bit rate: each one parser, one range, one default.
final class LevelAndRateTests: XCTestCase {
    func testDuckDepth() throws {
        XCTAssertEqual(DuckDepth.standard.decibels, -12)
        XCTAssertEqual(DuckDepth.standard.gain, pow(10, -12.0 / 20), accuracy: 1e-15)
        for (text, value) in [("-12", -12.0), ("-12dB", -12), ("-12 dB", -12), ("0", 0), ("-120", -120), ("-7.5db", -7.5), ("+0", 0)] {
            XCTAssertEqual(try DuckDepth(parsing: text).decibels, value, text)
        }
        for text in ["6", "1", "-120.5", "-1000", "loud", "-12dBFS", "-inf", "1e1", ""] {
            XCTAssertThrowsError(try DuckDepth(parsing: text), text) { error in
                XCTAssertEqual((error as? QuantityError)?.expected, "a number of dB from -120 to 0, like -12")
            }
        }
        for value in [0.5, -120.001, .nan, -.infinity] {
            XCTAssertThrowsError(try DuckDepth(decibels: value), "\(value)")
        }
        XCTAssertEqual(try DuckDepth(decibels: -0.0).decibels.sign, .plus, "-0 reads as 0")
    }

    func testLoudnessQuantitiesTakeTheirOwnUnits() throws {
        XCTAssertEqual(try LoudnessLevel(parsing: "-16 LUFS").decibels, -16)
        XCTAssertEqual(try LoudnessLevel(parsing: "-24LKFS").decibels, -24)
        XCTAssertEqual(try LoudnessLevel(parsing: "-23.5").decibels, -23.5)
        XCTAssertThrowsError(try LoudnessLevel(parsing: "-16 dBTP"))
        XCTAssertThrowsError(try LoudnessLevel(parsing: "-3"), "louder than -5 LUFS is not a delivery")
        XCTAssertEqual(LoudnessLevel.expected, "a number of LUFS from -50 to -5, like -16")
        XCTAssertEqual(try TruePeakCeiling(parsing: "-1 dBTP").peak, pow(10, -1.0 / 20), accuracy: 1e-15)
        XCTAssertThrowsError(try TruePeakCeiling(parsing: "+1"))
        XCTAssertEqual(try LoudnessGap(parsing: "15 LU").description, "15 LU")
        XCTAssertThrowsError(try LoudnessGap(parsing: "-3"))
    }

    func testDeliveryLoudnessPresetsAndTargets() throws {
        XCTAssertEqual(try DeliveryLoudness(parsing: "podcast"), DeliveryLoudness(target: -16, ceiling: -1))
        XCTAssertEqual(try DeliveryLoudness(parsing: "atsc-a85"), DeliveryLoudness(target: -24, ceiling: -2))
        XCTAssertEqual(try DeliveryLoudness(parsing: "-18 LUFS"), DeliveryLoudness(target: -18, ceiling: -1))
        XCTAssertEqual(try DeliveryLoudness(parsing: "ebu-r128").description, "-23 LUFS, -1 dBTP")
        XCTAssertThrowsError(try DeliveryLoudness(parsing: "loud")) { error in
            XCTAssertEqual((error as? QuantityError)?.description, #""loud": expected a loudness in LUFS from -50 to -5 like -16, or a preset: podcast, streaming, ebu-r128, atsc-a85"#)
        }
    }

    func testSpeechThreshold() throws {
        XCTAssertEqual(SpeechThreshold.standard.decibels, -60)
        XCTAssertEqual(try SpeechThreshold(parsing: "-45 dB").decibels, -45)
        XCTAssertEqual(SpeechThreshold.expected, "a number of dB from -120 to 0, like -60")
        XCTAssertThrowsError(try SpeechThreshold(decibels: -.infinity))
        XCTAssertThrowsError(try SpeechThreshold(parsing: "10"))
    }

    func testSampleRate() throws {
        XCTAssertEqual(SampleRate.standard.hertz, 48_000)
        XCTAssertEqual(try SampleRate(parsing: "44100").hertz, 44_100)
        XCTAssertEqual(try SampleRate(parsing: "8000 Hz").hertz, 8_000)
        XCTAssertEqual(try SampleRate(number: 44_100.0).hertz, 44_100)
        for text in ["7999", "384001", "44100.5", "48k", "-48000", "0x1F40", ""] {
            XCTAssertThrowsError(try SampleRate(parsing: text), text) { error in
                XCTAssertEqual((error as? QuantityError)?.expected, SampleRate.expected)
            }
        }
        XCTAssertThrowsError(try SampleRate(number: 44_100.5))
        XCTAssertThrowsError(try SampleRate(hertz: Int(Int32.max) + 1))
    }

    func testAudioBitRate() throws {
        XCTAssertEqual(AudioBitRate.standard.bitsPerSecond, 192_000)
        for (text, bits) in [("192k", 192_000), ("192000", 192_000), ("0.192M", 192_000), ("320K", 320_000), ("32k", 32_000), ("512k", 512_000)] {
            XCTAssertEqual(try AudioBitRate(parsing: text).bitsPerSecond, bits, text)
        }
        for text in ["31k", "513k", "1M", "-192k", "192kb", "fast", "1e5"] {
            XCTAssertThrowsError(try AudioBitRate(parsing: text), text)
        }
        XCTAssertEqual(AudioBitRate.standard.description, "192k")
    }
}

