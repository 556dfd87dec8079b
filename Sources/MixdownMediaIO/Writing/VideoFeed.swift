internal import MixdownFFmpeg
internal import MixdownTime

/// Where a `MovieWriter` gets its video packets: copied from the clips or
/// encoded, each with timestamps in the output stream's time base.
protocol VideoFeed: AnyObject {
    /// The output stream's time base.
    var timeBase: TimeBase { get }
    /// Packets handed out so far.
    var packetsRead: Int { get }
    /// The next packet's dts, or nil when the video has ended.
    func peekDts() throws(MediaIOError) -> Int64?
    /// Moves the next packet into `packet`; false when the video has ended.
    func take(into packet: Packet) throws(MediaIOError) -> Bool
}

extension VideoPacketSource: VideoFeed {}
