import MixdownComposition
import MixdownTime
import MixdownUnits
import XCTest

/// The smart-render plan on hand-written timelines and packet tables: which
/// stretches are copied from the clips and which re-encoded (and why), the copy
/// restarting at the first IDR after a change and stopping before the last clean
/// keyframe before the next, the clips that cannot be copied at all, the notes,
/// the reorder delay and the format.
final class SmartRenderPlanTests: XCTestCase {
    /// 30 fps: one tick of the clips' 1/30 time base is one output frame.
    private var output: MediaTime { get throws { try MediaTime(value: 1, timescale: 30) } }
    private var size: PixelSize { get throws { try PixelSize(width: 640, height: 360) } }
    private let h264 = VideoStreamFormat(codec: "h264", profile: "High", profileNumber: 100, width: 640, height: 360,
                                         pixelFormat: "yuv420p", rotation: 0, decoderConfiguration: [1, 100, 0, 31, 0xFF])
    private static let restart = "from the keyframe before a change to the IDR after it, or a clip that cannot be copied"

    /// `frames` frames of `ticksPerFrame` ticks of 1/`base` s, in display order 0, 1, 2 …, a
    /// keyframe every `gop` (an IDR unless its frame is in `nonIDR`), stored in decoding
    /// order, with one B-frame between references when `bFrames` (I0 P2 B1 P4 B3 …); the
    /// frames in `hidden` are outside the edit list.
    private func clip(_ path: String, frames: Int = 90, gop: Int = 30, base: Int32 = 30, ticksPerFrame: Int64 = 1,
                      bFrames: Bool = false, nonIDR: Set<Int> = [], hidden: Set<Int> = [], format: VideoStreamFormat? = nil,
                      statedEnd: Int64? = nil) throws -> VideoClipInfo {
        let packets = decodingOrder(frames: frames, gop: gop, bFrames: bFrames).enumerated().map { dts, pts in
            VideoPacketEntry(pts: Int64(pts) * ticksPerFrame, dts: Int64(dts - (bFrames ? 1 : 0)) * ticksPerFrame, duration: ticksPerFrame,
                             isKeyframe: pts % gop == 0, isDiscarded: hidden.contains(pts), isIDR: pts % gop == 0 && !nonIDR.contains(pts))
        }
        return try VideoClipInfo(path: path, streamIndex: 0, format: format ?? h264, timeBase: try TimeBase(1, base), origin: 0,
                                 packets: packets, statedEnd: statedEnd)
    }

    /// The clips laid out whole (from their first start point), each entered by `transitions[i]`,
    /// with `opacity[i]` in clip time.
    private func timeline(_ infos: [VideoClipInfo], transitions: [Int: Transition] = [:],
                          opacity: [Int: [LayerRamp<Opacity>]] = [:], renderSize: PixelSize? = nil) throws -> VideoTimeline {
        let clips = try infos.enumerated().map { index, info in
            VideoTimelineClip(sourceRange: try MediaTimeRange(start: info.keyframeTimes[0], end: info.duration),
                              transitionIn: transitions[index], opacityRamps: opacity[index] ?? [])
        }
        return try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: renderSize ?? size, frameDuration: output)
    }

    private func plan(_ infos: [VideoClipInfo], transitions: [Int: Transition] = [:], opacity: [Int: [LayerRamp<Opacity>]] = [:],
                      fullRender: Bool = false) throws -> SmartRenderPlan {
        try SmartRenderPlan(timeline: timeline(infos, transitions: transitions, opacity: opacity), infos: infos, fullRender: fullRender)
    }

    /// A time in output frames, or exactly when off the frame grid.
    private func frames(_ time: MediaTime) throws -> String {
        let whole = try time.wholeFrames(of: output)
        return try MediaTime(frameIndex: whole, frameDuration: output) == time ? "\(whole)" : "\(time)"
    }

    /// Each span in output frames: `copy a 0-60 (source 0-60)`, `encode 60-110: transition`.
    private func spans(_ plan: SmartRenderPlan) throws -> [String] {
        try plan.spans.map { span in
            switch span {
            case let .copy(segment):
                "copy \(segment.path) \(try frames(segment.timelineRange.start))-\(try frames(segment.timelineRange.end))"
                    + " (source \(try frames(segment.sourceRange.start))-\(try frames(segment.sourceRange.end)))"
            case let .encode(range, reason):
                "encode \(try frames(range.start))-\(try frames(range.end)): \(reason)"
            }
        }
    }

    private func ramp(_ from: Opacity, _ to: Opacity, frames start: Int64, _ end: Int64) throws -> LayerRamp<Opacity> {
        LayerRamp(from: from, to: to, timeRange: try MediaTimeRange(start: MediaTime(frameIndex: start, frameDuration: output),
                                                                     end: MediaTime(frameIndex: end, frameDuration: output)))
    }

    private func dissolve(frames: Int64) throws -> Transition {
        try Transition(kind: .dissolve, duration: MediaTime(frameIndex: frames, frameDuration: output))
    }

    // MARK: What is copied

    func testClipsJoinedByACutAreCopiedWhole() throws {
        let plan = try plan([clip("a"), clip("b", frames: 45, gop: 15)])
        XCTAssertEqual(try spans(plan), ["copy a 0-90 (source 0-90)", "copy b 90-135 (source 0-45)"])
        guard case let .copy(second) = plan.spans[1] else { return XCTFail("\(plan.spans)") }
        XCTAssertEqual(second.packetRange, 0..<45)
        XCTAssertTrue(plan.copies)
        XCTAssertEqual(plan.format, h264)
        XCTAssertEqual(plan.reorderDelay, 0)
        XCTAssertEqual(plan.notes, [])
    }

    /// A 10-frame dissolve at 80-90: the copy of a stops before its keyframe at 60, the
    /// copy of b restarts at its IDR at 30 (timeline 110), the frames between are drawn.
    func testATransitionIsReencodedFromTheKeyframeBeforeItToTheIDRAfterIt() throws {
        let plan = try plan([clip("a"), clip("b")], transitions: [1: dissolve(frames: 10)])
        XCTAssertEqual(try spans(plan), ["copy a 0-60 (source 0-60)", "encode 60-110: transition", "copy b 110-170 (source 30-90)"])
        XCTAssertEqual(plan.spans.map(\.timeRange.duration).reduce(.zero) { try! $0 + $1 }, try MediaTime(value: 170, timescale: 30),
                       "the spans cover the timeline end to end")
    }

    /// A clip whose edit list hides its last frame (shown at 89, stored to decode the
    /// B-frame before it) ends at 89: copied whole at the end of the timeline, where
    /// the output's edit list hides that frame again, but before another clip only up
    /// to its last keyframe, its last GOP re-encoded.
    func testAClipHidingFramesPastItsEndIsCopiedWholeOnlyAtTheEnd() throws {
        let a = try clip("a", bFrames: true, hidden: [89], statedEnd: 89)
        XCTAssertTrue(a.hidesFramesPastEnd)
        XCTAssertFalse(try clip("b", bFrames: true).hidesFramesPastEnd)
        XCTAssertEqual(try spans(plan([clip("b", bFrames: true), a])), ["copy b 0-90 (source 0-90)", "copy a 90-179 (source 0-89)"])
        XCTAssertEqual(try spans(plan([a, clip("b", bFrames: true)])), [
            "copy a 0-60 (source 0-60)", "encode 60-89: \(Self.restart)", "copy b 89-179 (source 0-90)",
        ])
    }

    /// b's keyframe at 30 is not an IDR: the copy restarts at the IDR at 60.
    func testACopyRestartsOnlyAtAnIDR() throws {
        let plan = try plan([clip("a"), clip("b", nonIDR: [30])], transitions: [1: dissolve(frames: 10)])
        XCTAssertEqual(try spans(plan), ["copy a 0-60 (source 0-60)", "encode 60-140: transition", "copy b 140-170 (source 60-90)"])
    }

    /// A clip's first frame need not be an IDR when nothing is drawn before it.
    func testTheTimelineMayStartOnACleanKeyframeThatIsNoIDR() throws {
        let plan = try plan([clip("a", nonIDR: [0])])
        XCTAssertEqual(try spans(plan), ["copy a 0-90 (source 0-90)"])
    }

    /// A fade to 0 and back over frames 50-75 re-encodes 30-90: from the clean keyframe
    /// before the change to the IDR after it; the rest of the clip is copied.
    func testARampReencodesOnlyItsOwnStretch() throws {
        let plan = try plan([clip("a", frames: 150)], opacity: [0: [ramp(1, 0, frames: 50, 70), ramp(0, 1, frames: 70, 75)]])
        XCTAssertEqual(try spans(plan), ["copy a 0-30 (source 0-30)", "encode 30-90: ramped layer", "copy a 90-150 (source 90-150)"])
        XCTAssertEqual(plan.notes, [])
        // A ramp that ends off opaque holds to the end: nothing after it is copied.
        let held = try self.plan([clip("a", frames: 150)], opacity: [0: [ramp(1, 0.5, frames: 50, 70)]])
        XCTAssertEqual(try spans(held), ["copy a 0-30 (source 0-30)", "encode 30-150: ramped layer"])
    }

    func testBFramesSetTheReorderDelayAndCutAtCleanKeyframes() throws {
        let a = try clip("a", bFrames: true), b = try clip("b", bFrames: true)
        XCTAssertTrue(a.hasFrameReordering)
        let plan = try plan([a, b], transitions: [1: dissolve(frames: 10)])
        XCTAssertEqual(plan.reorderDelay, 1)
        XCTAssertEqual(try spans(plan), ["copy a 0-60 (source 0-60)", "encode 60-110: transition", "copy b 110-170 (source 30-90)"])
        guard case let .copy(first) = plan.spans[0] else { return XCTFail("\(plan.spans)") }
        XCTAssertEqual(first.packetRange, 0..<60, "the packets shown before the keyframe at 60, B-frames included")
        // A clip without B-frames cannot follow their decoding delay.
        let mixed = try self.plan([a, clip("c")])
        XCTAssertEqual(try spans(mixed), ["copy a 0-90 (source 0-90)", "encode 90-180: \(Self.restart)"])
        XCTAssertEqual(mixed.notes, ["clip 1 is re-encoded whole: its reorder delay (0 frames) differs from a's (1)"])
    }

    // MARK: What cannot be copied

    func testAClipThatCannotBeCopiedIsReencodedWholeWithTheReason() throws {
        func format(_ change: (inout VideoStreamFormat) -> Void) -> VideoStreamFormat {
            var format = h264
            change(&format)
            return format
        }
        let cases: [(VideoClipInfo, String)] = [
            (try clip("hevc", format: format { $0.codec = "hevc" }), "it is HEVC, and the output is H.264 (the first clip's codec)"),
            (try clip("mpeg4", format: format { $0.codec = "mpeg4" }), "mpeg4 cannot be spliced"),
            (try clip("big", format: format { $0.width = 1280; $0.height = 720 }), "its 1280×720 picture is conformed to 640×360"),
            (try clip("turned", format: format {
                $0.width = 360; $0.height = 640; $0.rotation = 90; $0.displayMatrix = [0, -0x10000, 0, 0x10000, 0, 0, 0, 0, 0x4000_0000]
            }), "it is shown turned 270° clockwise, a 0° clockwise (one track has one display matrix)"),
            (try clip("pal", base: 25), "its frame rate is not the output's constant one"),
            (try clip("slow", base: 60, ticksPerFrame: 2, nonIDR: [0, 30, 60]), "it has no IDR picture to restart a copy at"),
            (try clip("flipped", format: format { $0.displayMatrix = [0x10000, 0, 0, 0, -0x10000, 0, 0, 0, 0x4000_0000] }),
             "its display matrix mirrors or scales the picture"),
            (try clip("other", format: format { $0.decoderConfiguration = [1, 77, 0, 30, 0xFF] }), "its parameter sets (avcC) differ from a's"),
            // An MPEG-TS clip's extradata: Annex B parameter sets, no avcC record.
            (try clip("ts", format: format { $0.decoderConfiguration = [0, 0, 0, 1, 0x67, 100, 0, 31] }),
             "its parameter sets are in its packets (as MPEG-TS stores them), not in a decoder configuration record"),
        ]
        for (info, problem) in cases {
            let plan = try plan([clip("a"), info])
            XCTAssertEqual(plan.notes, ["clip 1 is re-encoded whole: \(problem)"], info.path)
            XCTAssertEqual(try spans(plan).first, "copy a 0-90 (source 0-90)", info.path)
            XCTAssertEqual(try spans(plan).dropFirst().map { $0.hasPrefix("encode 90-") }, [true], info.path)
            XCTAssertEqual(plan.format, h264, info.path)
        }
    }

    /// Portrait phone clips stored turned: copied under their shared display
    /// matrix (re-encoded frames turned back), a clip turned otherwise re-encoded whole.
    func testClipsTurnedAlikeAreCopiedUnderTheirMatrix() throws {
        let quarter: [Int32] = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x4000_0000]
        var turned = h264
        turned.rotation = -90
        turned.displayMatrix = quarter
        let a = try clip("a", format: turned), b = try clip("b", format: turned)
        let portrait = try PixelSize(width: 360, height: 640)
        let plan = try SmartRenderPlan(timeline: timeline([a, b], transitions: [1: dissolve(frames: 10)], renderSize: portrait), infos: [a, b])
        XCTAssertEqual(plan.quarterTurns, 1)
        XCTAssertEqual(try spans(plan), ["copy a 0-60 (source 0-60)", "encode 60-110: transition", "copy b 110-170 (source 30-90)"])
        var upright = turned
        upright.displayMatrix = [0, -0x10000, 0, 0x10000, 0, 0, 0, 0, 0x4000_0000]
        let c = try clip("c", format: upright)
        let other = try SmartRenderPlan(timeline: timeline([a, c], renderSize: portrait), infos: [a, c])
        XCTAssertEqual(other.notes.count, 1)
        XCTAssertTrue(other.notes[0].hasPrefix("clip 1 is re-encoded whole: it is shown turned 270° clockwise, a 90° clockwise"), "\(other.notes)")
    }

    /// An HDR picture is HEVC whatever the clips; an SDR clip in it is converted, so re-encoded whole.
    func testAnHDRPictureIsHEVCAndItsSDRClipsAreReencoded() throws {
        let a = try clip("a")
        let plan = try SmartRenderPlan(timeline: timeline([a]).drawn(in: .hlg), infos: [a])
        XCTAssertEqual(plan.codec, "hevc")
        XCTAssertFalse(plan.copies)
        XCTAssertEqual(plan.notes, ["clip 0 is re-encoded whole: its SDR picture is converted to the output's HLG"])
    }

    /// A 25 fps clip's frame is 1/25 s, not the output's 1/30 s, though both are one tick
    /// once 1/30 s is rounded to the clip's time base: frame durations compare exactly.
    func testFrameDurationsCompareExactly() throws {
        let pal = try plan([clip("pal", frames: 75, gop: 25, base: 25)])
        XCTAssertEqual(pal.notes, ["clip 0 is re-encoded whole: its frame rate is not the output's constant one"])
        // 33 ms frames are not 1/30 s either; 3000 ticks of 1/90000 s are.
        XCTAssertFalse(try plan([clip("ms", base: 1000, ticksPerFrame: 33)]).copies)
        XCTAssertEqual(try spans(plan([clip("mpeg", base: 90_000, ticksPerFrame: 3000)])), ["copy mpeg 0-90 (source 0-90)"])
    }

    /// Frames of 1 and 2 ticks: no constant rate to copy into.
    func testVariableFrameDurationsAreNotCopied() throws {
        let pts: [Int64] = (0..<60).map { Int64($0 / 2 * 3 + $0 % 2) }  // 0, 1, 3, 4, 6, 7 …
        let packets = pts.map { VideoPacketEntry(pts: $0, dts: $0, duration: 1, isKeyframe: $0 == 0, isIDR: $0 == 0) }
        let info = try VideoClipInfo(path: "vfr", streamIndex: 0, format: h264, timeBase: try TimeBase(1, 30), origin: 0, packets: packets)
        let plan = try plan([info])
        XCTAssertEqual(try spans(plan), ["encode 0-\(try frames(info.duration)): no clip can be copied"])
        XCTAssertEqual(plan.notes, ["clip 0 is re-encoded whole: its frame rate is not the output's constant one"])
    }

    /// With B-frames the last frame shown is not the last decoded: its shorter
    /// duration (the edit list ends half a frame after it) is the clip's end, not a rate.
    func testTheLastFrameShownMayBeShorterWithBFramesToo() throws {
        for bFrames in [false, true] {
            let info = try clip("odd", frames: 45, gop: 15, base: 60, ticksPerFrame: 2, bFrames: bFrames, statedEnd: 44 * 2 + 1)
            XCTAssertEqual(info.hasFrameReordering, bFrames)
            let plan = try plan([info])
            XCTAssertEqual(try spans(plan), ["copy odd 0-89/60s (source 0-89/60s)"], "B-frames: \(bFrames)")
            XCTAssertEqual(plan.notes, [])
        }
    }

    func testWhenNoClipCanBeCopiedEverythingIsReencoded() throws {
        var hevc = h264
        hevc.codec = "hevc"
        let plan = try plan([clip("a", format: hevc), clip("b", frames: 50, base: 25)], transitions: [1: dissolve(frames: 10)])
        XCTAssertEqual(try spans(plan), ["encode 0-\(90 + 60 - 10): no clip can be copied"])
        XCTAssertEqual(plan.codec, "hevc", "the first clip's")
        XCTAssertEqual(plan.notes, ["clip 0 is re-encoded whole: its HEVC stream has no usable decoder configuration (hvcC): "
                                        + "the bitstream ends inside an hvcC header (5 of 23 bytes)",
                                    "clip 1 is re-encoded whole: it is H.264, and the output is HEVC (the first clip's codec)"])
        XCTAssertFalse(plan.copies)
        XCTAssertNil(plan.format)
        XCTAssertEqual(plan.reorderDelay, 0)
    }

    func testAFullRenderCopiesNothing() throws {
        let plan = try plan([clip("a"), clip("b")], transitions: [1: dissolve(frames: 10)], fullRender: true)
        XCTAssertEqual(try spans(plan), ["encode 0-170: full render"])
        XCTAssertEqual(plan.notes, ["--full-render: every frame is re-encoded"])
        XCTAssertFalse(plan.copies)
        XCTAssertNil(plan.format)
        XCTAssertEqual(plan.reorderDelay, 0)
    }

    // MARK: Restarts and references

    /// b's first frame needs the keyframe its edit list hides: the copy may start with
    /// that pre-roll only at the timeline's start, where the output's edit list hides
    /// it; after a, b's copy restarts at its next IDR.
    func testAHiddenPreRollStartsACopyOnlyAtTheTimelinesStart() throws {
        let b = try clip("b", hidden: [0])
        XCTAssertEqual(b.keyframeTimes.first, try MediaTime(value: 1, timescale: 30))
        XCTAssertEqual(try spans(plan([b])), ["copy b 0-89 (source 1-90)"])
        let after = try plan([clip("a"), b])
        XCTAssertEqual(try spans(after), ["copy a 0-90 (source 0-90)", "encode 90-119: \(Self.restart)", "copy b 119-179 (source 30-90)"])
        guard after.spans.count == 3, case let .copy(copied) = after.spans[2] else { return XCTFail("\(after.spans)") }
        XCTAssertEqual(copied.packetRange, 30..<90)
    }

    /// The copied clips share parameter sets and reorder delay with the first clip
    /// that is copied: a, faded in over its whole length, is not, so b is copied.
    func testTheReferenceIsTheFirstClipCopied() throws {
        var other = h264
        other.decoderConfiguration = [1, 77, 0, 30, 0xFF]
        let plan = try plan([clip("a"), clip("b", format: other)], opacity: [0: [ramp(0, 1, frames: 0, 90)]])
        XCTAssertEqual(try spans(plan), ["encode 0-90: ramped layer", "copy b 90-180 (source 0-90)"])
        XCTAssertEqual(plan.notes, [])
        XCTAssertEqual(plan.format, other)
    }

    /// A change that ends between two ticks (a fade-in over 0.51-1.01 s in a 1/30 s time
    /// base): the keyframe at 1 s is shown inside it, so the copy restarts at the IDR at
    /// 2 s; a change that starts between ticks lets the copy run to the keyframe after it.
    func testWindowsBetweenTicksKeepTheirFramesChanged() throws {
        func ramp(_ from: Opacity, _ to: Opacity, _ start: String, _ end: String) throws -> LayerRamp<Opacity> {
            LayerRamp(from: from, to: to, timeRange: try MediaTimeRange(start: MediaTime(parsing: start), end: MediaTime(parsing: end)))
        }
        let fadeIn = try plan([clip("a")], opacity: [0: [ramp(0, 1, "0.51", "1.01")]])
        XCTAssertEqual(try spans(fadeIn), ["encode 0-60: ramped layer", "copy a 60-90 (source 60-90)"])
        // A fade-out from 1.99 s: frame 59 (1.967 s) is before it, so the copy ends at the keyframe at 2 s.
        let fadeOut = try plan([clip("a")], opacity: [0: [ramp(1, 0, "1.99", "3")]])
        XCTAssertEqual(try spans(fadeOut), ["copy a 0-60 (source 0-60)", "encode 60-90: ramped layer"])
    }

    // MARK: Overlays

    /// A title over frames 40-55 of one 90-frame clip (an IDR every 30): the copy
    /// stops at the keyframe before it (30) and restarts at the IDR after it (60).
    func testAnOverlayReencodesOnlyTheGOPsItTouches() throws {
        let a = try clip("a")
        let title = Overlay(content: .text([TextRun("Title")], TextStyle()),
                            timeRange: try MediaTimeRange(start: MediaTime(frameIndex: 40, frameDuration: output),
                                                          end: MediaTime(frameIndex: 55, frameDuration: output)))
        let plan = try SmartRenderPlan(timeline: timeline([a]).overlaid(by: [title]), infos: [a])
        XCTAssertEqual(try spans(plan), ["copy a 0-30 (source 0-30)", "encode 30-60: overlay", "copy a 60-90 (source 60-90)"])
        XCTAssertTrue(plan.notes.isEmpty, "\(plan.notes)")
    }

    /// A watermark over the whole timeline leaves nothing to copy, and says so.
    func testAWatermarkOverEverythingReencodesEverythingAndSaysSo() throws {
        let a = try clip("a")
        let watermark = Overlay(content: .box(BoxStyle(colour: .white)), timeRange: try MediaTimeRange(start: .zero, end: a.duration),
                                width: 20, height: 20)
        let plan = try SmartRenderPlan(timeline: timeline([a]).overlaid(by: [watermark]), infos: [a])
        XCTAssertEqual(try spans(plan), ["encode 0-90: overlay"])
        XCTAssertEqual(plan.notes, ["an overlay shows over the whole timeline: every frame is re-encoded"])
    }
}
