import MixdownAudioMix
import MixdownUnits
import MixdownTime
import XCTest

final class AudioMixInputParametersTests: XCTestCase {
    /// The example from Apple's documentation of
    /// `setVolumeRampFromStartVolume:toEndVolume:timeRange:`: volume 1.0 at
    /// 0, then a ramp from 0.5 to 0.2 over 4 s–9 s.
    static func appleExample() throws -> AudioMixInputParameters {
        var parameters = AudioMixInputParameters(trackID: 1)
        try parameters.setVolume(1.0, at: .zero)
        try parameters.setVolumeRamp(from: 0.5, to: 0.2, timeRange: range(4, 9))
        return parameters
    }

    func testAppleExampleThroughGainAt() throws {
        let parameters = try Self.appleExample()
        XCTAssertEqual(parameters.automationLayer.gain(at: 0), 1.0)
        XCTAssertEqual(parameters.automationLayer.gain(at: 3.999), 1.0)
        XCTAssertEqual(parameters.automationLayer.gain(at: 4), 0.5)
        XCTAssertEqual(parameters.automationLayer.gain(at: 6.5), 0.35, accuracy: 1e-12)
        XCTAssertEqual(parameters.automationLayer.gain(at: 8.999), 0.2, accuracy: 1e-3)
        XCTAssertEqual(parameters.automationLayer.gain(at: 9), 0.2)
        XCTAssertEqual(parameters.automationLayer.gain(at: 1000), 0.2)
    }

    func testVolumeIsOneBeforeTheFirstSetting() throws {
        var parameters = AudioMixInputParameters(trackID: 2)
        XCTAssertEqual(parameters.automationLayer.gain(at: 5), 1)
        try parameters.setVolume(0.25, at: time(3))
        XCTAssertEqual(parameters.automationLayer.gain(at: 2.999), 1)
        XCTAssertEqual(parameters.automationLayer.gain(at: 3), 0.25)
    }

    func testPointHoldsUntilNextSettingAndRampEndHoldsUntilNextSetting() throws {
        var parameters = AudioMixInputParameters(trackID: 1)
        try parameters.setVolume(0.8, at: time(1))
        try parameters.setVolumeRamp(from: 0.4, to: 0.6, timeRange: range(5, 6))
        try parameters.setVolume(0.1, at: time(8))
        XCTAssertEqual(parameters.automationLayer.gain(at: 4.99), 0.8)
        XCTAssertEqual(parameters.automationLayer.gain(at: 5.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(parameters.automationLayer.gain(at: 7.99), 0.6)
        XCTAssertEqual(parameters.automationLayer.gain(at: 8), 0.1)
    }

    func testRampWinsAtItsStartAndPointWinsAtRampEnd() throws {
        var parameters = AudioMixInputParameters(trackID: 1)
        try parameters.setVolume(0.9, at: time(2))
        try parameters.setVolume(0.7, at: time(4))
        try parameters.setVolumeRamp(from: 0.3, to: 0.5, timeRange: range(2, 4))
        XCTAssertEqual(parameters.automationLayer.gain(at: 2), 0.3)
        XCTAssertEqual(parameters.automationLayer.gain(at: 3), 0.4, accuracy: 1e-12)
        XCTAssertEqual(parameters.automationLayer.gain(at: 4), 0.7)
    }

    func testSecondPointAtSameTimeReplacesFirst() throws {
        var parameters = AudioMixInputParameters(trackID: 1)
        try parameters.setVolume(0.9, at: time(2))
        try parameters.setVolume(0.4, at: time(2))
        XCTAssertEqual(parameters.volumePoints, [VolumePoint(volume: 0.4, time: try time(2))])
        XCTAssertEqual(parameters.automationLayer.gain(at: 2), 0.4)
    }

    func testEmptyRampIsAJump() throws {
        var parameters = AudioMixInputParameters(trackID: 1)
        try parameters.setVolumeRamp(from: 0.3, to: 0.6, timeRange: range(2, 2))
        XCTAssertEqual(parameters.automationLayer.gain(at: 1.999), 1)
        XCTAssertEqual(parameters.automationLayer.gain(at: 2), 0.6)
    }

    func testOverlappingRampsAreRefusedNamingBoth() throws {
        var parameters = try Self.appleExample()
        let existing = parameters.volumeRamps[0]
        assertThrows(message: "volume ramp 4s–9s overlaps volume ramp 8s–10s") {
            try parameters.setVolumeRamp(from: 1, to: 0, timeRange: range(8, 10))
        }
        let earlier = VolumeRamp(startVolume: 1, endVolume: 0, timeRange: try range(3, 4.5))
        assertThrows(.overlappingRamps(earlier, existing)) {
            try parameters.setVolumeRamp(from: 1, to: 0, timeRange: range(3, 4.5))
        }
        assertThrows(message: "volume ramp 4s–9s overlaps volume ramp 4s–4s") {
            try parameters.setVolumeRamp(from: 1, to: 0, timeRange: range(4, 4))
        }
        // Touching ramps are fine.
        try parameters.setVolumeRamp(from: 0.2, to: 1, timeRange: range(9, 10))
        try parameters.setVolumeRamp(from: 1, to: 0.5, timeRange: range(3, 4))
        XCTAssertEqual(parameters.volumeRamps.map(\.timeRange), [try range(3, 4), try range(4, 9), try range(9, 10)])
    }

    func testSettingStrictlyInsideARampIsRefused() throws {
        var parameters = try Self.appleExample()
        assertThrows(message: "volume set at 6.5s falls inside volume ramp 4s–9s") {
            try parameters.setVolume(0.3, at: time(6.5))
        }
        try parameters.setVolume(0.3, at: time(9))
        try parameters.setVolume(0.6, at: time(12))
        assertThrows(message: "volume set at 12s falls inside volume ramp 11s–13s") {
            try parameters.setVolumeRamp(from: 1, to: 0, timeRange: range(11, 13))
        }
    }

    func testVolumesUpToPlus24DecibelsAreAccepted() throws {
        var parameters = AudioMixInputParameters(trackID: 1)
        let plus24 = pow(10, 24.0 / 20)
        try parameters.setVolume(plus24, at: .zero)
        try parameters.setVolumeRamp(from: plus24, to: 0, timeRange: range(1, 2))
        XCTAssertEqual(parameters.automationLayer.gain(at: 0.5), plus24)
        XCTAssertEqual(Gain.maximum.factor, plus24)
    }

    func testVolumesOutOfRangeAreRefused() throws {
        var parameters = AudioMixInputParameters(trackID: 1)
        let plus25 = pow(10, 25.0 / 20)
        for bad in [plus25, -0.1, .nan, .infinity, -.infinity] {
            do {
                try parameters.setVolume(bad, at: .zero)
                XCTFail("accepted volume \(bad)")
            } catch {
                guard case .volumeOutOfRange(let value) = error, value.isNaN == bad.isNaN, value.isNaN || value == bad else {
                    return XCTFail("unexpected \(error)")
                }
            }
            XCTAssertThrowsError(try parameters.setVolumeRamp(from: 1, to: bad, timeRange: range(0, 1)))
            XCTAssertThrowsError(try parameters.setVolumeRamp(from: bad, to: 1, timeRange: range(0, 1)))
        }
        XCTAssertEqual(parameters.volumePoints, [])
        XCTAssertEqual(parameters.volumeRamps, [])
        XCTAssertEqual(
            AudioMixError.volumeOutOfRange(plus25).description,
            "volume must be a finite number from 0 to 15.848931924611133 (+24 dB), got \(plus25)")
    }

    func testNegativeTimesAreRefused() throws {
        var parameters = AudioMixInputParameters(trackID: 1)
        assertThrows(.negativeTime(try time(-1))) { try parameters.setVolume(1, at: time(-1)) }
        assertThrows(message: "volume settings must not start before 0s, got -0.5s") {
            try parameters.setVolumeRamp(from: 1, to: 0, timeRange: range(-0.5, 1))
        }
    }
}
