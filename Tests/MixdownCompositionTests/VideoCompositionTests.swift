import MixdownComposition
import MixdownTime
import MixdownUnits
import XCTest

/// The video composition model: layer ramps, validation, the transition builder.
final class VideoCompositionTests: XCTestCase {
    private func time(_ text: String) -> MediaTime {
        do { return try MediaTime(parsing: text) } catch { preconditionFailure("\(error)") }
    }

    private func range(_ start: String, _ end: String) throws -> MediaTimeRange {
        try MediaTimeRange(start: time(start), end: time(end))
    }

    private var size: PixelSize { do { return try PixelSize(width: 1280, height: 720) } catch { preconditionFailure("\(error)") } }
    private let frame = MediaTime.milliseconds(20)

    func testLayerPropertiesFollowAVFoundationRules() throws {
        var layer = VideoCompositionLayerInstruction(trackID: 1)
        XCTAssertEqual(layer.opacity(at: time("3")), 1, "opaque before any setting")
        layer.setOpacityRamp(from: 1, to: 0, timeRange: try range("2", "4"))
        layer.setOpacity(0.5, at: time("6"))
        XCTAssertEqual(layer.opacity(at: time("1")), 1)
        XCTAssertEqual(layer.opacity(at: time("3")), 0.5, accuracy: 1e-12)
        XCTAssertEqual(layer.opacity(at: time("3.5")), 0.25, accuracy: 1e-12)
        XCTAssertEqual(layer.opacity(at: time("5")), 0, "holds the ramp's end")
        XCTAssertEqual(layer.opacity(at: time("7")), 0.5)
        XCTAssertFalse(layer.isPassThrough)

        layer.setTransformRamp(from: .identity, to: LayerTransform(translateX: -1280), timeRange: try range("0", "1"))
        XCTAssertEqual(layer.transform(at: time("0.25")).translateX, -320, accuracy: 1e-9)
        XCTAssertNil(layer.cropRectangle(at: time("0")))
    }

    func testValidationNamesTheFirstGapOverlapAndBadValue() throws {
        func composition(_ ranges: [(String, String)]) throws -> VideoComposition {
            VideoComposition(renderSize: size, frameDuration: frame, instructions: try ranges.map { start, end in
                VideoCompositionInstruction(timeRange: try range(start, end), layerInstructions: [VideoCompositionLayerInstruction(trackID: 1)])
            })
        }
        XCTAssertNoThrow(try composition([("0", "2"), ("2", "5")]).validate(duration: time("5"), trackIDs: [1]))
        XCTAssertThrowsError(try composition([("0", "2"), ("3", "5")]).validate(duration: time("5"), trackIDs: [1])) {
            XCTAssertEqual($0 as? VideoCompositionError, .gap(start: self.time("2"), end: self.time("3")))
            XCTAssertEqual("\($0)", "video composition: no instruction covers 2s to 3s")
        }
        XCTAssertThrowsError(try composition([("0", "2"), ("1.5", "5")]).validate(duration: time("5"), trackIDs: [1])) {
            XCTAssertEqual($0 as? VideoCompositionError, .overlap(start: self.time("1.5"), previousEnd: self.time("2")))
        }
        XCTAssertThrowsError(try composition([("0", "2"), ("2", "4")]).validate(duration: time("5"), trackIDs: [1])) {
            XCTAssertEqual($0 as? VideoCompositionError, .gap(start: self.time("4"), end: self.time("5")))
        }
        XCTAssertThrowsError(try composition([("0", "5")]).validate(duration: time("5"), trackIDs: [2])) {
            XCTAssertEqual($0 as? VideoCompositionError, .unknownTrack(trackID: 1, at: .zero))
        }
        var bad = try composition([("0", "5")])
        bad.instructions[0].layerInstructions[0].setTransformRamp(
            from: LayerTransform(quarterTurns: 1), to: .identity, timeRange: try range("1", "2"))
        XCTAssertThrowsError(try bad.validate(duration: time("5"), trackIDs: [1])) {
            guard case .invalidValue(let at, let reason)? = $0 as? VideoCompositionError else { return XCTFail("\($0)") }
            XCTAssertEqual(at, self.time("1"))
            XCTAssertTrue(reason.contains("quarter turns"), reason)
        }
    }

    func testTransitionsOverlapClipsAndShortenTheTimeline() throws {
        let clips = [
            VideoTimelineClip(sourceRange: try range("0", "10")),
            VideoTimelineClip(sourceRange: try range("2", "8"), transitionIn: try Transition(kind: .dissolve, duration: time("1"))),
            VideoTimelineClip(sourceRange: try range("0", "4"), transitionIn: try Transition(kind: .pushLeft, duration: time("0.5"))),
        ]
        let timeline = try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: size, frameDuration: frame)
        XCTAssertEqual(timeline.duration, time("18.5"), "10 + 6 + 4 − 1 − 0.5")
        XCTAssertEqual(timeline.placements.map(\.trackID), [1, 2, 1])
        XCTAssertEqual(timeline.placements.map(\.timeRange), [try range("0", "10"), try range("9", "15"), try range("14.5", "18.5")])
        XCTAssertEqual(timeline.transitions.map(\.timeRange), [try range("9", "10"), try range("14.5", "15")])
        XCTAssertTrue(timeline.clamps.isEmpty)
        let composition = timeline.videoComposition
        XCTAssertNoThrow(try composition.validate(duration: timeline.duration, trackIDs: [1, 2]))
        XCTAssertEqual(composition.instructions.map(\.timeRange), [
            try range("0", "9"), try range("9", "10"), try range("10", "14.5"), try range("14.5", "15"), try range("15", "18.5"),
        ])
        XCTAssertEqual(composition.instructions.map(\.isPassThrough), [true, false, true, false, true])

        let dissolve = try XCTUnwrap(composition.instruction(at: time("9.5")))
        XCTAssertEqual(dissolve.layerInstructions.map(\.trackID), [1, 2], "outgoing on top")
        XCTAssertEqual(dissolve.layerInstructions[0].opacity(at: time("9.5")), 0.5, accuracy: 1e-12)
        XCTAssertEqual(dissolve.layerInstructions[1].opacity(at: time("9.5")), 1)

        let push = try XCTUnwrap(composition.instruction(at: time("14.75")))
        XCTAssertEqual(push.layerInstructions[0].transform(at: time("14.75")).translateX, -640, accuracy: 1e-9)
        XCTAssertEqual(push.layerInstructions[1].transform(at: time("14.75")).translateX, 640, accuracy: 1e-9)
    }

    func testATransitionIsClampedToHalfTheShorterClipAndReported() throws {
        let clips = [
            VideoTimelineClip(sourceRange: try range("0", "3")),
            VideoTimelineClip(sourceRange: try range("0", "10"), transitionIn: try Transition(kind: .wipeLeft, duration: time("2.5"))),
        ]
        let timeline = try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: size, frameDuration: frame)
        XCTAssertEqual(timeline.transitions[0].timeRange, try range("1.5", "3"))
        XCTAssertEqual(timeline.clamps.count, 1)
        XCTAssertEqual("\(timeline.clamps[0])", "wipe-left into clip 1 at 1.5s for 1.5s (clamped from 2.5s: at most half the shorter clip)")
        let wipe = try XCTUnwrap(timeline.videoComposition.instruction(at: time("2.25")))
        let crop = try XCTUnwrap(wipe.layerInstructions[0].cropRectangle(at: time("2.25")))
        XCTAssertEqual(crop.width, 640, accuracy: 1e-9, "half way, half the outgoing clip shows")
    }

    func testFadeThroughShowsTheBackgroundAtTheMiddleFrame() throws {
        let clips = [
            VideoTimelineClip(sourceRange: try range("0", "4")),
            VideoTimelineClip(sourceRange: try range("0", "4"), transitionIn: try Transition(kind: .fadeThrough, duration: time("1"))),
        ]
        let timeline = try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: size, frameDuration: frame)
        let fade = try XCTUnwrap(timeline.videoComposition.instruction(at: time("3.5")))
        XCTAssertEqual(fade.layerInstructions[0].opacity(at: time("3.5")), 0)
        XCTAssertEqual(fade.layerInstructions[1].opacity(at: time("3.5")), 0)
        XCTAssertEqual(fade.layerInstructions[0].opacity(at: time("3.25")), 0.5, accuracy: 1e-12)
        XCTAssertEqual(fade.layerInstructions[1].opacity(at: time("3.75")), 0.5, accuracy: 1e-12)
    }

    func testTransitionParsing() throws {
        XCTAssertEqual(try Transition(parsing: "dissolve"), Transition(kind: .dissolve))
        XCTAssertEqual(try Transition(parsing: "Push-Left:0.5"), try Transition(kind: .pushLeft, duration: time("0.5")))
        XCTAssertThrowsError(try Transition(parsing: "spin:1")) { XCTAssertTrue("\($0)".hasPrefix("\"spin:1\" (unknown transition)"), "\($0)") }
        XCTAssertThrowsError(try Transition(parsing: "dissolve:-1"))
        XCTAssertEqual(try PixelSize(parsing: "1280x720").width, 1280)
        XCTAssertThrowsError(try PixelSize(parsing: "1279x720"))
        XCTAssertEqual(try Colour(parsing: "#fff").description, "#ffffff")
        XCTAssertEqual(try Colour(parsing: "white").videoRangeYCbCr(.bt709).y, 235)
        XCTAssertEqual(Colour.black.videoRangeYCbCr(.bt601).y, 16)
    }

    func testChangedRangesAreWhereALayerDoesNotShowItsFramesAsTheyAre() throws {
        var layer = VideoCompositionLayerInstruction(trackID: 1)
        layer.setOpacityRamp(from: 0, to: 1, timeRange: try range("0", "1"))
        layer.setOpacityRamp(from: 1, to: 0.5, timeRange: try range("8", "9"))
        layer.setTransformRamp(from: .identity, to: .identity, timeRange: try range("3", "4"))
        layer.setCropRectangle(CropRectangle(x: 0, y: 0, width: 10, height: 10), at: time("5"))
        layer.setCropRectangleRamp(from: CropRectangle(x: 0, y: 0, width: 10, height: 10), to: CropRectangle(x: 0, y: 0, width: 20, height: 20),
                                   timeRange: try range("5.5", "6"))
        // The fade-in, the crop from 5 s on (held), the fade-out held at 0.5 to the end; the identity transform changes nothing.
        XCTAssertEqual(layer.changedRanges(within: try range("0", "10")), [try range("0", "1"), try range("5", "10")])
        XCTAssertEqual(VideoCompositionLayerInstruction(trackID: 2).changedRanges(within: try range("0", "10")), [])
    }
}
