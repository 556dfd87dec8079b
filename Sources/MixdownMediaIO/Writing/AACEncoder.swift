internal import MixdownFFmpeg
public import MixdownUnits

/// Encodes stereo float audio to AAC-LC with libavcodec's native `aac` encoder.
///
/// Input is planar float stereo (nominally in [-1, 1]) in blocks of any size; the
/// encoder buffers it into frames of exactly `frameSize` (1024) samples whose pts
/// advance by their sample count (time base 1/`sampleRate`), only the last frame
/// being shorter. Output packets queue inside until taken with `receivePacket()`,
/// so memory stays bounded by the block size. The encoder's delay
/// (`encoderDelay`, 1024 samples of priming) is carried in the packets'
/// timestamps (the first packet is at -1024) and in the stream parameters, which
/// is what makes the MP4 muxer write the priming edit list. Not thread-safe.
public final class AACEncoder {
    /// Sample rate of input and output.
    public let sampleRate: SampleRate
    /// Target bit rate, both channels together.
    public let bitRate: AudioBitRate
    /// Samples per AAC frame: 1024.
    public let frameSize: Int
    /// Priming samples at the start of the encoded stream (the encoder's
    /// `initial_padding`, 1024 for FFmpeg's AAC encoder).
    public let encoderDelay: Int
    /// The AudioSpecificConfig that goes in the container (`esds`), when the
    /// encoder was made with `globalHeader`; empty otherwise.
    public let codecConfiguration: [UInt8]
    /// Samples accepted so far by `encode`.
    public internal(set) var samplesReceived: Int64 = 0
    /// The output this encoder feeds, for error messages.
    public let path: String

    let context: AACEncoderContext
    let fifo: AudioFIFO
    let frame = Frame()
    /// Encoded packets not yet taken, oldest first.
    var queue: [Packet] = []
    var queueHead = 0
    /// Samples sent to the codec so far: the next frame's pts.
    var samplesSent: Int64 = 0
    var finished = false

    /// Opens an AAC-LC stereo encoder.
    ///
    /// - Parameters:
    ///   - sampleRate: one of AAC's rates (`SampleRate.standard`, 48 kHz, by default).
    ///   - bitRate: both channels together.
    ///   - globalHeader: put the decoder configuration in `codecConfiguration` for the
    ///     container (MP4, MOV and M4A need this) rather than in every packet.
    ///   - path: the output file, named in error messages.
    /// - Throws: `MediaIOError.unsupported` when libavcodec lacks the encoder or
    ///   refuses the settings.
    public init(sampleRate: SampleRate = .standard, bitRate: AudioBitRate = .standard, globalHeader: Bool = true,
                path: String = "AAC encoder") throws(MediaIOError) {
        self.sampleRate = sampleRate
        self.bitRate = bitRate
        self.path = path
        context = try ffmpeg(AACEncoderContext(sampleRate: sampleRate.hertz, bitRate: bitRate.bitsPerSecond, globalHeader: globalHeader, path: path))
        guard let fifo = AudioFIFO(capacity: 4096) else {
            throw .unsupported(path: path, reason: "cannot open the AAC encoder at \(sampleRate), \(bitRate) b/s: out of memory")
        }
        self.fifo = fifo
        frameSize = context.frameSize
        encoderDelay = context.initialPadding
        codecConfiguration = context.extradata
    }
}
