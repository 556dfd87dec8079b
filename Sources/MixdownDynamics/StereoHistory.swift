import MixdownDSP

/// Two channels of contiguous samples: `history` frames of the past followed
/// by room for up to `chunk` new ones. The layout the detector's filters read
/// (`[history | block]`) and the limiter's delay line.
///
/// Frames are addressed from the first new one: frame 0 is the first frame of
/// the chunk, frame −1 the newest frame of the past.
final class StereoHistory {
    /// Frames of the past kept in front of each chunk.
    let history: Int
    /// The most new frames one chunk holds.
    let chunk: Int
    /// The past first, then the chunk; silence at first.
    private var samples: AudioBuffer

    /// Zeros as the past.
    init(history: Int, chunk: Int) {
        self.history = history
        self.chunk = chunk
        samples = AudioBuffer(capacity: history + chunk)
    }

    /// `count` frames from frame `start` (negative: in the past), to read.
    func frames(from start: Int, count: Int) -> AudioSlice {
        samples.slice(history + start..<history + start + count)
    }

    /// The first `count` frames of the chunk, to write its new samples in.
    func newFrames(_ count: Int) -> MutableAudioSlice {
        samples.mutableSlice(history..<history + count)
    }

    /// After `count` new frames were written after the past, keeps the last
    /// `history` frames as the past of the next chunk.
    func advance(by count: Int) {
        let all = samples.mutableSlice(0..<samples.capacity)
        for index in 0..<all.channelCount {
            let channel = all.channel(index).baseAddress!
            // The regions overlap when count < history: copyMemory is memmove.
            UnsafeMutableRawPointer(channel).copyMemory(from: channel + count, byteCount: history * MemoryLayout<Float>.stride)
        }
    }
}
