import MixdownUnits

/// How parallel encoding cuts the timeline into stretches, one encoder each.
enum EncodingStretches {
    /// AAC frame length: frame k of an encoder started at timeline sample 0 covers
    /// samples [(k - 1) × 1024, k × 1024) (frame 0 is the priming), so stretches
    /// that start on multiples of 1024 splice on frame boundaries.
    static let frameSize: Int64 = 1024
    /// The longest automatic stretch, in seconds: bounds the packets a stretch
    /// buffers for the writer (about 1.4 MB a minute at 192 kb/s), so memory does
    /// not grow with the timeline. Longer stretches mean fewer pre-rolls: a 200 s
    /// timeline on two workers is two stretches (one pre-roll), not four (three).
    static let longest: Int64 = 120
    /// The shortest timeline encoded in parallel by default, in seconds: below it
    /// the pre-roll costs most of what a second thread gains.
    static let shortestParallel: Int64 = 20

    /// Stretches of equal work for `workers` threads: a multiple of `workers`
    /// stretches of at most about `longest` seconds, the first one longer by the
    /// pre-roll the others encode before their start (`preRoll` samples), so that
    /// every stretch costs one encoder the same time. Nil when the timeline is
    /// empty or too short for that.
    static func balanced(frameCount: Int64, sampleRate: SampleRate, workers: Int, preRoll: Int64) -> [Range<Int64>]? {
        guard frameCount > 0 else { return nil }
        let rate = Int64(sampleRate.hertz)
        let w = Int64(max(1, workers))
        let count = w * ((frameCount + w * longest * rate - 1) / (w * longest * rate))
        let frames = (frameCount + frameSize - 1) / frameSize
        let step = (frames - preRoll / frameSize) / count
        guard step > 0 else { return nil }
        let first = frames - (count - 1) * step
        var stretches = [0..<min(frameCount, first * frameSize)]
        for k in 1..<count {
            let start = (first + (k - 1) * step) * frameSize
            stretches.append(start..<min(frameCount, start + step * frameSize))
        }
        return stretches
    }

    /// Consecutive ranges covering `0..<frameCount`, each starting on the frame grid
    /// and at most about `longest` samples, evened out so they are about the same length.
    static func even(frameCount: Int64, longest: Int64) -> [Range<Int64>] {
        guard frameCount > 0 else { return [0..<0] }
        let length = max(frameSize, (longest + frameSize - 1) / frameSize * frameSize)
        let count = (frameCount + length - 1) / length
        let frames = (frameCount + frameSize - 1) / frameSize
        let step = (frames + count - 1) / count * frameSize
        var stretches: [Range<Int64>] = []
        var start: Int64 = 0
        while start < frameCount {
            stretches.append(start..<min(frameCount, start + step))
            start += step
        }
        return stretches
    }
}
