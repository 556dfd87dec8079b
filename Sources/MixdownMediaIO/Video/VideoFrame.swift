public import MixdownDSP
public import MixdownTime

/// One decoded video frame: its picture and when it is shown, in the clip's own time.
public struct VideoFrame: Sendable {
    /// When the frame is shown, in the clip's own time (0 is the container's
    /// start, the convention of `VideoClipInfo` and `VideoSegment`): its
    /// presentation timestamp, exact.
    public var time: MediaTime
    /// How long it is shown: until the next frame shown, or for the last frame
    /// until the clip's end (`VideoClipInfo`'s normalised durations), exact.
    public var duration: MediaTime
    /// The presentation timestamp in ticks of the stream's time base, as stored.
    public var timestamp: Int64
    /// The picture in 4:2:0 video range at the reader's bit depth, as stored
    /// (not turned); owned by the frame's holder.
    public var picture: Picture

    /// Makes a frame from its parts.
    public init(time: MediaTime, duration: MediaTime, timestamp: Int64, picture: Picture) {
        self.time = time
        self.duration = duration
        self.timestamp = timestamp
        self.picture = picture
    }

    /// When the frame stops being shown: `time + duration`.
    public var end: MediaTime { (try? time + duration) ?? time }
}
