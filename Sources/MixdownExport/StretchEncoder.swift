import MixdownMediaIO
import MixdownRender
import MixdownUnits

/// Encodes one stretch of the mix by itself, for parallel encoding: packets for the
/// stretch's frames that take the place of a whole-timeline encoder's.
///
/// The stretch's encoder starts `preRollSeconds` early and is fed the same mix, so
/// that by the stretch's first frame its adaptive state (rate control, the
/// psychoacoustic model, the input low-pass filter) is past its start-up: it never
/// becomes identical to a whole-timeline encoder's state (their packets differ
/// from then on, at the level of the coding noise), but it codes as well. It also
/// runs `lookahead` past the stretch's end, so that its last kept frames see the
/// audio that follows, as they would in one stream. Of what it encodes only the
/// packets with timeline pts inside the stretch are kept (the first stretch, at 0,
/// also keeps the priming packet at -1024), their pts moved from the encoder's
/// start to the timeline. AAC frames are coded independently, so packets of
/// different encoders splice at any frame boundary.
struct StretchEncoder: Sendable {
    /// A stretch's packets (timeline pts) and the summary of what was rendered for it.
    struct Encoded: Sendable {
        var packets: [EncodedAudioPacket]
        var summary: RenderSummary
    }

    /// How long before its stretch an encoder starts, in seconds.
    ///
    /// FFmpeg 5.1's native encoder (192 kb/s, default coder) takes seconds to
    /// settle after it starts, and while it does, some frames come out far worse
    /// than a settled encoder's (issue 7 measured a 100 ms window at 12 dB SNR
    /// 2 to 2.5 s after the start, and found 5 s of pre-roll enough on its job).
    /// Measured on ParallelEncodingTests' job (a minute of looped music under four
    /// voice-over takes), splicing even stretches of 10 to 30 s: with 5 s of
    /// pre-roll, 8 layouts of 11 lost 0.8 to 1.1 dB of overall SNR to the single
    /// encoder, from 100 ms windows at 13.8 and 15.6 dB (the single encoder's
    /// worst: 15.9 dB) 5.3 s after a stretch's encoder had started (standalone
    /// encoders started 4.3 to 5.8 s before such a spot failed there, earlier ones
    /// did not); with 6, 8 or 10 s, every layout stayed within 0.1 dB overall with
    /// no window worse than the single encoder's worst. 8 s leaves a margin; each
    /// stretch after the first costs 8 s more encoding.
    static let preRollSeconds: Int64 = 8

    /// `preRollSeconds` in samples.
    static func preRoll(sampleRate: SampleRate) -> Int64 { preRollSeconds * Int64(sampleRate.hertz) }

    /// Samples encoded past a stretch's end. A packet at pts p is the MDCT of input
    /// [p, p + 2048) and the encoder's window decision looks about 1024 samples
    /// further, so the last kept packet (p = end - 1024) needs the input up to
    /// end + 2048; without it, it would encode silence where the next stretch's
    /// first frame expects the mix, and the overlap at the splice would not cancel.
    static let lookahead: Int64 = 4096

    let stretch: Range<Int64>
    /// Samples of the whole timeline.
    let frameCount: Int64
    let settings: AACSettings
    /// The decoder configuration the writer's track carries; the encoder must match.
    let codecConfiguration: [UInt8]
    /// The output file, for error messages.
    let path: String

    /// Timeline samples the encoder is fed: from `preRoll` before the stretch
    /// (floored to the frame grid, not before 0) to `lookahead` past it (not past the timeline).
    var encodedRange: Range<Int64> {
        let preRoll = Self.preRoll(sampleRate: settings.sampleRate)
        let frame = EncodingStretches.frameSize
        let start = max(0, (stretch.lowerBound - preRoll) / frame * frame)
        let end = stretch.upperBound >= frameCount ? frameCount : min(frameCount, stretch.upperBound + Self.lookahead)
        return start..<end
    }

    /// Renders `encodedRange` with `renderer`, encodes it, and returns the stretch's
    /// packets (timeline pts) and the summary of what it rendered. `advance` is told
    /// how many more of the stretch's own samples have been rendered, after each block.
    func encode(with renderer: AudioRenderer, isCancelled: () -> Bool,
                advance: (Int64) -> Void) throws(MediaIOError) -> Encoded {
        let range = encodedRange
        let encoder = try AACEncoder(settings: settings, path: path)
        guard Int64(encoder.frameSize) == EncodingStretches.frameSize, encoder.codecConfiguration == codecConfiguration else {
            throw .writeFailed(path: path, reason: "the AAC encoders of the stretches do not match the output's")
        }
        let keepFrom = stretch.lowerBound == 0 ? -Int64(encoder.encoderDelay) : stretch.lowerBound
        let keepTo = stretch.upperBound >= frameCount ? Int64.max : stretch.upperBound
        var packets: [EncodedAudioPacket] = []
        packets.reserveCapacity(stretch.count / Int(EncodingStretches.frameSize) + 2)
        func collect() {
            while var packet = encoder.receivePacket() {
                packet.presentationTime += range.lowerBound
                if packet.presentationTime >= keepFrom, packet.presentationTime < keepTo { packets.append(packet) }
            }
        }
        var counted: Int64 = 0
        let summary = try renderer.render(range: range, threads: 1, isCancelled: isCancelled, progress: { rendered in
            let own = min(max(range.lowerBound + rendered - stretch.lowerBound, 0), Int64(stretch.count))
            if own > counted {
                advance(own - counted)
                counted = own
            }
        }) { block throws(MediaIOError) in
            try encoder.encode(block.audio)
            collect()
        }
        try encoder.finish()
        collect()
        return Encoded(packets: packets, summary: summary)
    }
}
