import MixdownDSP

/// Float audio lent to a loudness meter for one call: planar (an `AudioSlice`
/// view, one plane per channel) or interleaved (frame after frame).
///
/// 1.0 is full scale. The memory is borrowed, not copied or retained: it must
/// stay valid until the call it is handed to returns.
public struct LoudnessFrames {
    enum Layout {
        /// A view of the frames, each of its channels one of the meter's.
        case planar(AudioSlice)
        /// `channels` samples per frame, from the first frame (nil for an empty buffer).
        case interleaved(UnsafePointer<Float>?)
    }

    let layout: Layout
    /// Channels per frame.
    public let channels: Int
    /// Frames.
    public let count: Int

    /// The frames of `planar`, as many channels as it has.
    public init(_ planar: AudioSlice) {
        self.init(layout: .planar(planar), channels: planar.channelCount, count: planar.count)
    }

    /// The frames of `interleaved`, `channels` samples each; its length must be a
    /// whole number of frames.
    public init(interleaved: UnsafeBufferPointer<Float>, channels: Int) {
        precondition(channels > 0 && interleaved.count % channels == 0,
                     "\(interleaved.count) samples are not whole frames of \(channels) channels")
        self.init(layout: .interleaved(interleaved.baseAddress), channels: channels, count: interleaved.count / channels)
    }

    private init(layout: Layout, channels: Int, count: Int) {
        self.layout = layout
        self.channels = channels
        self.count = count
    }

    /// Frames `start ..< start + count` of these.
    func slice(from start: Int, count: Int) -> LoudnessFrames {
        precondition(start >= 0 && count >= 0 && start + count <= self.count, "frames \(start)+\(count) of \(self.count)")
        switch layout {
        case let .planar(audio):
            return LoudnessFrames(audio.slice(start..<start + count))
        case let .interleaved(base):
            return LoudnessFrames(layout: .interleaved(base.map { $0 + start * channels }), channels: channels, count: count)
        }
    }

    /// Hands `body` these frames interleaved, in order, with their count: in one
    /// piece when they are interleaved (or of one channel, which is both), else
    /// in pieces of at most `capacity` frames copied into `scratch`.
    func forEachInterleaved<E: Error>(scratch: UnsafeMutablePointer<Float>, capacity: Int,
                                      _ body: (UnsafePointer<Float>, Int) throws(E) -> Void) throws(E) {
        switch layout {
        case let .interleaved(base):
            if let base, count > 0 { try body(base, count) }
        case let .planar(audio) where audio.channelCount == 1:
            if count > 0 { try body(audio.left.baseAddress!, count) }
        case let .planar(audio):
            var done = 0
            while done < count {
                let frames = min(capacity, count - done)
                for c in 0..<channels {
                    let source = audio.channel(c).baseAddress! + done
                    var target = scratch + c
                    for i in 0..<frames {
                        target.pointee = source[i]
                        target += channels
                    }
                }
                try body(scratch, frames)
                done += frames
            }
        }
    }
}
