internal import Foundation
internal import MixdownDSP

/// The pause audio cleanup learns from, read into one buffer (a few seconds at
/// most, `DialogueCleaning.learningSeconds`): the pauses end to end.
final class PauseAudio {
    private var buffer: AudioBuffer
    /// Frames held.
    let count: Int
    /// The level of the audio held, in dBFS (RMS over both channels); nil when empty.
    let level: Double?

    /// Reads `ranges` (frames at the source's rate, in time order) from `source`.
    init(reading ranges: [Range<Int64>], from source: any AudioSampleSource) throws(MediaIOError) {
        let total = ranges.reduce(0) { $0 + $1.count }
        buffer = AudioBuffer(capacity: max(total, 1))
        var filled = 0
        for range in ranges {
            try source.seek(toSample: range.lowerBound)
            let end = filled + range.count
            while filled < end {
                let got = try source.read(into: buffer.mutableSlice(filled..<end))
                if got == 0 { break }
                filled += got
            }
        }
        count = filled
        level = filled > 0 ? Self.decibels(energy: Self.energy(of: buffer.slice(0..<filled)), frames: filled) : nil
    }

    /// The audio held.
    var audio: AudioSlice { buffer.slice(0..<count) }

    /// The sum of squares of both channels of `audio`.
    static func energy(of audio: AudioSlice) -> Double {
        var sum = 0.0
        for channel in 0..<audio.channelCount {
            for sample in audio.channel(channel) { sum += Double(sample) * Double(sample) }
        }
        return sum
    }

    /// The level in dBFS of `energy` over `frames` stereo frames (a full-scale sine is −3 dBFS).
    static func decibels(energy: Double, frames: Int) -> Double {
        10 * log10(max(energy / Double(2 * frames), 1e-30))
    }
}
