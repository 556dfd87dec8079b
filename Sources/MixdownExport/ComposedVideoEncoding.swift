import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownRender
import MixdownTime
import MixdownUnits

/// A stretch of a plan's composed picture, drawn frame by frame and encoded on
/// demand: the whole timeline of a full render, or one re-encoded span of a
/// smart render.
///
/// Frame *n* is drawn at the stretch's start plus *n* frame durations into one
/// canvas (the encoder copies what it is given), turned back by the copied
/// clips' quarter turns in a smart render of turned clips (stored as theirs
/// are, shown upright by the track's display matrix), and given presentation time *n*
/// (the encoder counts in frames), as the writer asks for packets: memory holds
/// the encoder's lookahead and the open clips' decoders, whatever the length.
///
/// The packets come out in finer ticks (`timeBase`) with the last frame lasting
/// only until the stretch's end, which is seldom on the frame grid (clips last
/// what their packets say): the track then ends where the timeline does, with
/// the audio, rather than up to a frame later (the muxer ends a track's edit
/// list at its last packet's end). The encoder keeps its tick of a frame, so
/// its stream states the frame rate as before. Not thread-safe.
final class ComposedVideoEncoding: EncodedVideoFeed {
    let encoder: VideoEncoder
    private let frames: ComposedVideoFrames
    private let range: MediaTimeRange
    private let canvas: Picture
    /// Counter-clockwise quarter turns from the drawn picture to the stored one.
    private let turnsBack: Int
    /// The canvas turned back, when there are turns: one picture reused every frame.
    private let stored: Picture?
    private let count: Int
    /// The packets' ticks: `packetTimeBase(frameDuration:)`.
    let timeBase: TimeBase?
    /// One frame (one of the encoder's ticks) in the packets' ticks.
    private let frameTicks: Int64
    /// The stretch's end in the packets' ticks, from its start.
    private let endTicks: Int64
    private var next = 0
    private var pending: [EncodedVideoPacket] = []
    private var drained = false
    private let isCancelled: () -> Bool

    /// Encodes `frames` over `range` with `encoder`, each turned back by
    /// `turnsBack` counter-clockwise quarter turns; `isCancelled` is polled every frame.
    init(frames: ComposedVideoFrames, range: MediaTimeRange, encoder: VideoEncoder, turnsBack: Int = 0, isCancelled: @escaping () -> Bool) {
        self.frames = frames
        self.turnsBack = turnsBack
        self.range = range
        self.encoder = encoder
        let composition = frames.timeline.videoComposition
        canvas = Picture(width: composition.renderSize.width, height: composition.renderSize.height, bitDepth: frames.bitDepth)
        let sideways = turnsBack & 1 == 1
        stored = turnsBack % 4 == 0 ? nil : Picture(width: sideways ? canvas.height : canvas.width,
                                                     height: sideways ? canvas.width : canvas.height, bitDepth: frames.bitDepth)
        count = composition.frameCount(in: range)
        // The encoder's tick is a frame (`settings(for:...)`), so a frame is a whole number of finer ticks.
        let timeBase = Self.packetTimeBase(frameDuration: composition.frameDuration.reduced)
        let frameTicks = timeBase.flatMap { try? $0.ticks(composition.frameDuration) } ?? 1
        self.timeBase = timeBase
        self.frameTicks = frameTicks
        endTicks = timeBase.flatMap { try? $0.ticks(range.duration) } ?? Int64(count) * frameTicks
        self.isCancelled = isCancelled
    }

    func nextPacket() throws(MediaIOError) -> EncodedVideoPacket? {
        while pending.isEmpty && !drained {
            if isCancelled() { throw .cancelled }
            if next < count {
                let frameDuration = frames.timeline.videoComposition.frameDuration
                let offset = (try? MediaTime(frameIndex: Int64(next), frameDuration: frameDuration)) ?? .zero
                try frames.draw(at: (try? range.start + offset) ?? range.start, into: canvas)
                if let stored { canvas.rotate(quarterTurns: -turnsBack, into: stored) }
                for packet in try encoder.encode(stored ?? canvas, presentationTime: Int64(next)) { pending.append(finer(packet)) }
                next += 1
            } else {
                for packet in try encoder.finish() { pending.append(finer(packet)) }
                drained = true
            }
        }
        return pending.isEmpty ? nil : pending.removeFirst()
    }

    /// `packet` in the packets' ticks, the last frame's cut to the stretch's end
    /// (at least a tick: every frame starts before the end).
    private func finer(_ packet: EncodedVideoPacket) -> EncodedVideoPacket {
        var packet = packet
        let isLast = packet.presentationTime == Int64(count) - 1
        packet.presentationTime *= frameTicks
        packet.decodingTime *= frameTicks
        packet.duration = isLast ? min(frameTicks, max(1, endTicks - packet.presentationTime)) : packet.duration * frameTicks
        return packet
    }

    /// What the user chose for re-encoded frames, and the threads the encoder may use.
    struct Choices: Hashable, Sendable {
        /// The CRF.
        var quality: VideoQuality
        /// The speed preset.
        var preset: VideoPreset
        /// The export's threads (`--threads`): x264's frame threads; its
        /// lookahead takes one per three of them (at least one), within the same count.
        var threads: Int

        /// x264's lookahead threads for `threads` frame threads: a third of them, at least one.
        var lookaheadThreads: Int { max(1, threads / 3) }
    }

    /// `codec` (FFmpeg's name: `hevc` for libx265, else H.264 with libx264) at
    /// the composition's size, one tick per frame, at the chosen quality (the
    /// encoder's CRF) and preset on the export's threads, tagged with the colour
    /// the picture is composed in (`outputColour`: 8-bit BT.709, or BT.601 below
    /// 720 lines; 10-bit BT.2020 HLG or PQ with the clips' HDR10 metadata), so
    /// players show it as drawn.
    static func settings(for composition: VideoComposition, encoding: Choices, codec: String,
                         path: String) throws(MediaIOError) -> VideoEncoderSettings {
        let size = composition.renderSize
        let frameDuration = composition.frameDuration.reduced
        // One tick per frame: a frame duration whose lowest terms do not fit 32 bits has no such time base.
        guard let ticks = Int32(exactly: frameDuration.value), let timeBase = try? TimeBase(ticks, frameDuration.timescale),
              let rate = try? FrameRate(frameDuration.timescale, ticks) else {
            throw .unsupported(path: path, reason: "a frame duration of \(frameDuration.readable)")
        }
        var settings = VideoEncoderSettings(codec: codec == "hevc" ? .hevc : .h264, width: size.width, height: size.height, timeBase: timeBase, frameRate: rate)
        settings.quality = encoding.quality.crf
        settings.preset = encoding.preset.rawValue
        settings.threads = max(1, encoding.threads)
        settings.lookaheadThreads = encoding.lookaheadThreads
        settings.globalHeader = true
        settings.colour = VideoColourProperties(composition.outputColour)
        settings.bitDepth = composition.bitDepth
        if settings.codec == .hevc { settings.hdrMetadata = composition.hdrMetadata }
        return settings
    }

    /// The packets' time base for frames of `frameDuration` (in lowest terms):
    /// the track's own (`MovieContainer.videoTrackTimeScale`), so a frame is a
    /// whole number of ticks and a last frame cut to the timeline's end is within
    /// 0.1 ms of it. Nil for a timescale that is not positive.
    static func packetTimeBase(frameDuration: MediaTime) -> TimeBase? {
        MovieContainer.videoTrackTimeScale(ticksPerSecond: frameDuration.timescale).flatMap { try? TimeBase(1, $0) }
    }
}
