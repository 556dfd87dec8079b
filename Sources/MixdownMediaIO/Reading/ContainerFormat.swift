/// The kind of container an input is, in the families Mixdown reads differently.
///
/// Made from FFmpeg's short demuxer name (`MediaInfo.container`); the one place
/// that knows those names. What Mixdown does differently for each family is
/// said by the properties below, not by comparing names.
public enum ContainerFormat: Sendable, Hashable {
    /// ISO base media files: MP4, MOV, M4A, 3GP (FFmpeg's `mov,mp4,m4a,3gp,3g2,mj2`).
    case mpeg4
    /// RIFF WAVE (`wav`).
    case wav
    /// Sony Wave64 (`w64`).
    case wave64
    /// AIFF and AIFF-C (`aiff`).
    case aiff
    /// Native FLAC (`flac`).
    case flac
    /// MPEG audio layer III (`mp3`).
    case mp3
    /// Matroska and WebM (`matroska,webm`).
    case matroska
    /// Ogg (`ogg`): Vorbis, Opus, FLAC in Ogg.
    case ogg
    /// Raw AAC in ADTS frames (`aac`).
    case adts
    /// Any other container, by FFmpeg's demuxer name.
    case other(String)

    /// The family of FFmpeg's demuxer `formatName` (`AVInputFormat.name`).
    public init(formatName: String) {
        switch formatName {
        case "mov,mp4,m4a,3gp,3g2,mj2": self = .mpeg4
        case "wav": self = .wav
        case "w64": self = .wave64
        case "aiff": self = .aiff
        case "flac": self = .flac
        case "mp3": self = .mp3
        case "matroska,webm": self = .matroska
        case "ogg": self = .ogg
        case "aac": self = .adts
        default: self = .other(formatName)
        }
    }

    /// FFmpeg's demuxer name for the family.
    public var formatName: String {
        switch self {
        case .mpeg4: "mov,mp4,m4a,3gp,3g2,mj2"
        case .wav: "wav"
        case .wave64: "w64"
        case .aiff: "aiff"
        case .flac: "flac"
        case .mp3: "mp3"
        case .matroska: "matroska,webm"
        case .ogg: "ogg"
        case .adts: "aac"
        case let .other(name): name
        }
    }

    /// Whether a seek by timestamp lands exactly where asked (a sample table, a
    /// fixed frame size or a seek table): MP4/MOV, WAV, W64, AIFF, FLAC.
    /// `AudioDecoder` seeks others by reading packets up to the target.
    public var hasExactIndex: Bool {
        switch self {
        case .mpeg4, .wav, .wave64, .aiff, .flac: true
        default: false
        }
    }

    /// Whether the header states the exact number of audio samples (edit list,
    /// data size, sample count), so a quick probe's `sampleCount` can be trusted:
    /// MP4/MOV, WAV, W64, AIFF, FLAC. Elsewhere (MP3, ADTS, Ogg) the length is an
    /// estimate until every packet is read.
    public var statesExactAudioLength: Bool {
        hasExactIndex
    }

    /// Whether the header times every stream exactly, by sample tables and edit
    /// lists (MP4/MOV): a stream's duration is its presented length (priming and
    /// padding excluded, not counted from its start time), and no packet needs to
    /// be read or decoded to know any stream's timing.
    public var hasExactStreamDurations: Bool {
        self == .mpeg4
    }

    /// Whether the demuxer stamps audio packets by counting their samples (a
    /// sample number, a fixed frame size or a byte offset), so that a timestamp
    /// places its samples exactly: WAV, W64, AIFF, FLAC, ADTS. MP4's stamps
    /// come from its sample table, exact only when the table steps by each
    /// packet's length (`AudioLayout` checks); Ogg's and Matroska's are not
    /// (rounded to milliseconds, or reconstructed from page granules). Nor are
    /// MP3's: its parser stamps every chunk it cuts, frame or not, one frame
    /// further, so the bytes of a tag in the middle (two encodes joined, the
    /// second with its cover art) would push the audio after them late by a
    /// frame per chunk, where the decoder (and ffmpeg) play on from the next frame.
    var stampsCountSamples: Bool {
        switch self {
        case .wav, .wave64, .aiff, .flac, .adts: true
        default: false
        }
    }

    /// Whether the header alone describes an audio stream for decoding and seeking
    /// (MP4/MOV's sample tables, WAV's, W64's and AIFF's format chunks), so a file
    /// opened before can be opened again without FFmpeg's stream analysis. Not
    /// MP3, raw AAC or FLAC (their rate and layout come from the first frames),
    /// nor Ogg or Matroska (seeking to their start leans on that analysis).
    var headerDescribesAudio: Bool {
        switch self {
        case .mpeg4, .wav, .wave64, .aiff: true
        default: false
        }
    }

    /// The family's name in messages (`Matroska/WebM`).
    var displayName: String {
        switch self {
        case .mpeg4: "MP4/MOV"
        case .wav: "WAV"
        case .wave64: "Wave64"
        case .aiff: "AIFF"
        case .flac: "FLAC"
        case .mp3: "MP3"
        case .matroska: "Matroska/WebM"
        case .ogg: "Ogg"
        case .adts: "ADTS"
        case let .other(name): name
        }
    }

    /// Whether the demuxer reads still or animated images, not a movie: FFmpeg's
    /// `image2` (found by the file's extension), the `…_pipe` image demuxers
    /// (found by its first bytes: `png_pipe`, `jpeg_pipe`, `webp_pipe`), `gif`
    /// and `apng`.
    var holdsImages: Bool {
        guard case let .other(name) = self else { return false }
        return ["image2", "image2pipe", "gif", "apng"].contains(name) || name.hasSuffix("_pipe")
    }

    /// Whether FFmpeg re-probes the start of 16-bit PCM for other codecs hidden in
    /// it (MP3, DTS), over up to 32 packets unless the probe size is cut (`wav`).
    var reprobesPCM: Bool {
        self == .wav
    }
}
