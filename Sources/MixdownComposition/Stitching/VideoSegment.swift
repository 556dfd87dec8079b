import MixdownTime

/// One clip's part of a stitched video track: which frames are copied, and where
/// they play on the timeline.
///
/// `sourceRange` runs from the first shown frame's pts to the end of the last
/// shown frame (pts + duration, normalised by `VideoClipInfo`), in the clip's own time (0 = the container start,
/// as for the audio decoder), and `timelineRange` has the same exact duration. These
/// are the boundaries of the video actually written, so the clip's audio should be
/// cut to `sourceRange` and placed at `timelineRange` (the session rate's samples
/// `timelineRange.sampleRange(sampleRate:)`).
public struct VideoSegment: Sendable {
    /// The clip's path.
    public let path: String
    /// Position of the clip in the list the plan was made from.
    public let clipIndex: Int
    /// The part of the clip that plays, exact.
    public let sourceRange: MediaTimeRange
    /// Where it plays in the output, exact; segments abut.
    public let timelineRange: MediaTimeRange
    /// Frames (packets) copied.
    public let frameCount: Int
    /// Decoding-order indices of the copied packets among the clip's video packets:
    /// a contiguous run from the in-point keyframe.
    public let packetRange: Range<Int>
    /// Presentation time of the last frame shown, in the clip's own time (the
    /// segment's last frame by pts; it lasts until `sourceRange.end`).
    public let lastFrameTime: MediaTime
    /// Set when the in-point was moved back to a keyframe (`snapToKeyframes`).
    public let inPointSnap: CutPointSnap?
    /// Set when the out-point was moved back to a possible cut.
    public let outPointSnap: CutPointSnap?

    /// Video stream index in the clip.
    public let streamIndex: Int
    /// The clip's video time base, which `startTicks`, `firstDts` and `lastDts` count.
    public let timeBase: TimeBase
    /// pts of the first shown frame, in stream ticks: timeline start maps to it.
    /// The first copied packet is earlier only when it is pre-roll that the file's
    /// edit list hides (then the segment must start the timeline, where the
    /// output's edit list hides it again).
    public let startTicks: Int64
    /// Where the last shown frame ends, in stream ticks: timeline end maps to it.
    /// Copied frames shown from here on (none, or frames outside the source's edit
    /// list) are written at this time, for no time.
    public let endTicks: Int64
    /// dts of the first copied packet (decoding order), in stream ticks.
    public let firstDts: Int64
    /// dts of the last copied packet, in stream ticks.
    public let lastDts: Int64
}
