package import MixdownDSP
internal import MixdownFFmpeg
package import MixdownUnits

/// Dialogue cleanup as a stream: audio pushed in, the same number of frames
/// cleaned out, output frame i aligned with input frame i.
///
/// The chain (``CleanupChain``) runs in one libavfilter graph. afftdn delays
/// its output by its window (1200 frames at 48 kHz); the cleaner measures the
/// whole chain's delay when it is made, by an impulse through the same chain
/// with afftdn passing audio through (`om=i`), and drops that many frames from
/// the front of the output, pushing as many frames of silence after the end
/// so the last input frames come out. The noise profile is learned
/// (``learnNoise(from:)``) by running pause audio through the graph before the
/// item, between afftdn's `sample_noise start` and `stop`; its output is dropped.
/// Output depends only on the audio pushed, never on the chunk sizes
/// (`AudioFilterGraph` feeds the graph in fixed frames).
package final class DialogueCleaner {
    /// The chain's delay, in frames, taken back from the output.
    package let latency: Int
    private let graph: AudioFilterGraph
    private let chain: CleanupChain
    /// Output frames still to drop: the learning audio's and the latency's.
    private var toDrop: Int
    private var learned = false

    /// Sets up `chain` at `sampleRate` and measures its latency.
    ///
    /// - Throws: `unsupported` when FFmpeg refuses the chain.
    package init(chain: CleanupChain, sampleRate: SampleRate) throws(MediaIOError) {
        self.chain = chain
        graph = try ffmpeg(AudioFilterGraph(chain: chain.text(), sampleRate: sampleRate.hertz))
        latency = try Self.measureLatency(of: chain, sampleRate: sampleRate)
        toDrop = latency
    }

    /// Runs `noise` (pause audio, stereo) through afftdn while it samples the
    /// noise profile; its output is dropped. Call once, before the first ``push(_:)``.
    package func learnNoise(from noise: AudioSlice) throws(MediaIOError) {
        precondition(!learned, "a cleaner learns its noise once, before the item")
        learned = true
        guard chain.denoise != nil, noise.count > 0 else { return }
        try ffmpeg(graph.send(command: "sample_noise", argument: "start", to: CleanupChain.denoiser))
        try ffmpeg(graph.push(noise))
        try ffmpeg(graph.send(command: "sample_noise", argument: "stop", to: CleanupChain.denoiser))
        toDrop += noise.count
    }

    /// Appends `audio` (stereo) to the item's input.
    package func push(_ audio: AudioSlice) throws(MediaIOError) {
        learned = true
        try ffmpeg(graph.push(audio))
    }

    /// Ends the input: silence as long as the latency follows it, so every input frame comes out.
    package func finish() throws(MediaIOError) {
        let silence = AudioBuffer(capacity: max(1, min(latency, 4096)))
        var left = latency
        while left > 0 {
            let count = min(left, silence.capacity)
            try ffmpeg(graph.push(silence.slice(0..<count)))
            left -= count
        }
        try ffmpeg(graph.finish())
    }

    /// Moves up to `destination.count` cleaned frames into `destination`; returns
    /// how many (fewer when the graph holds no more for now).
    package func pull(into destination: MutableAudioSlice) -> Int {
        while toDrop > 0, graph.available > 0 {
            toDrop -= graph.discard(min(toDrop, graph.available))
        }
        guard toDrop == 0 else { return 0 }
        return graph.pull(into: destination)
    }

    /// The frames from an impulse at the input to its peak at the output of `chain`
    /// with afftdn passing audio through (biquads peak at their first sample).
    private static func measureLatency(of chain: CleanupChain, sampleRate: SampleRate) throws(MediaIOError) -> Int {
        let probe = try ffmpeg(AudioFilterGraph(chain: chain.text(passThrough: true), sampleRate: sampleRate.hertz))
        let lead = 4096
        let length = lead + 2 * Int(sampleRate.hertz) / 10 + 8192
        var buffer = AudioBuffer(capacity: length)
        let input = buffer.mutableSlice(0..<length)
        input.left[lead] = 0.5
        input.right[lead] = 0.5
        try ffmpeg(probe.push(buffer.slice(0..<length)))
        try ffmpeg(probe.finish())
        let output = buffer.mutableSlice(0..<length)
        let count = probe.pull(into: output)
        var peak: (index: Int, value: Float) = (0, -1)
        for i in 0..<count where abs(output.left[i]) > peak.value { peak = (i, abs(output.left[i])) }
        guard peak.index >= lead, peak.value > 0.05 else {
            throw .unsupported(path: chain.text(), reason: "cannot measure the chain's latency (impulse peak \(peak.value) at \(peak.index - lead))")
        }
        return peak.index - lead
    }
}
