import CSndFile
import MixdownDSP

/// Writes stereo float audio to a WAV file through libsndfile.
///
/// The file is written to a temporary path and appears at `path` only after
/// `finish()`. Integer formats clip at full scale (libsndfile would otherwise
/// wrap) and count the samples that clipped; 16-bit adds TPDF dither of ±1 LSB
/// from a fixed-seed generator, so renders are reproducible.
///
/// Integer samples are quantised here (round to nearest, clip) and handed to
/// libsndfile as 32-bit integers, which it narrows exactly. Its own float
/// conversion with clipping enabled truncates toward −∞ (`lrint(x·2³¹) >> 16`),
/// which biased every 16-bit sample by −½ LSB and doubled the 24-bit error.
public final class WAVWriter {
    public let path: String
    public let format: WAVSampleFormat
    /// Samples (per channel, counted separately) whose magnitude exceeded full scale.
    public private(set) var clippedSamples = 0
    /// Largest magnitude written, before clipping.
    public private(set) var peak: Float = 0
    /// Frames written so far.
    public private(set) var framesWritten: Int64 = 0

    private let output: AtomicOutputFile
    private var handle: OpaquePointer?
    private var interleaved: UnsafeMutablePointer<Float>
    /// Left-justified 32-bit integer frames for the integer formats.
    private var quantised: UnsafeMutablePointer<Int32>
    private var capacity = 0
    private var dither = TPDFDither()

    /// Creates the temporary file for a WAV at `path`, `sampleRate` Hz, stereo.
    ///
    /// `inputs` are the files the render reads: the output may be none of them.
    public init(path: String, sampleRate: Int32, format: WAVSampleFormat, inputs: [String] = []) throws(MediaIOError) {
        self.path = path
        self.format = format
        output = try AtomicOutputFile(path: path, inputs: inputs)
        var info = SF_INFO()
        info.samplerate = sampleRate
        info.channels = 2
        let subtype: Int32 = switch format {
        case .s16: Int32(SF_FORMAT_PCM_16)
        case .s24: Int32(SF_FORMAT_PCM_24)
        case .f32: Int32(SF_FORMAT_FLOAT)
        }
        info.format = Int32(SF_FORMAT_WAV) | subtype
        guard let sf = sf_open(output.temporaryPath, MX_SFM_WRITE, &info) else {
            throw .cannotCreateOutput(path: path, reason: String(cString: sf_strerror(nil)))
        }
        handle = sf
        sf_command(sf, MX_SFC_SET_CLIPPING, nil, MX_SF_TRUE)
        capacity = 8192
        interleaved = .allocate(capacity: capacity * 2)
        quantised = .allocate(capacity: capacity * 2)
    }

    deinit {
        if let handle { sf_close(handle) }
        interleaved.deallocate()
        quantised.deallocate()
    }

    /// Appends `count` frames from the two channel buffers.
    public func write(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int) throws(MediaIOError) {
        guard let handle else { throw .writeFailed(path: path, reason: "file already finished") }
        if count > capacity {
            interleaved.deallocate()
            quantised.deallocate()
            capacity = count
            interleaved = .allocate(capacity: capacity * 2)
            quantised = .allocate(capacity: capacity * 2)
        }
        var peak = self.peak
        var clipped = 0
        let written: sf_count_t
        if format == .f32 {
            for i in 0..<count {
                let l = left[i], r = right[i]
                peak = max(peak, abs(l), abs(r))
                interleaved[2 * i] = l
                interleaved[2 * i + 1] = r
            }
            written = sf_writef_float(handle, interleaved, sf_count_t(count))
        } else {
            let bits = format == .s16 ? 16 : 24
            let scale = Float(1 << (bits - 1))
            let shift = Int32(32 - bits)
            peak = max(peak, DSP.peakMagnitude(left, count: count), DSP.peakMagnitude(right, count: count))
            if format == .s16 {
                // TPDF dither is added before rounding, sample by sample from one generator.
                let ditheredLeft = interleaved, ditheredRight = interleaved + capacity
                for i in 0..<count {
                    ditheredLeft[i] = left[i] + dither.next() / scale
                    ditheredRight[i] = right[i] + dither.next() / scale
                }
                clipped = DSP.quantise(left: ditheredLeft, right: ditheredRight, into: quantised, count: count, scale: scale, shift: shift)
            } else {
                clipped = DSP.quantise(left: left, right: right, into: quantised, count: count, scale: scale, shift: shift)
            }
            written = sf_writef_int(handle, quantised, sf_count_t(count))
        }
        self.peak = peak
        clippedSamples += clipped
        guard written == count else {
            throw .writeFailed(path: path, reason: String(cString: sf_strerror(handle)))
        }
        framesWritten += Int64(count)
    }

    /// Closes the file and moves it into place at `path`.
    public func finish() throws(MediaIOError) {
        guard let handle else { return }
        self.handle = nil
        let status = sf_close(handle)
        guard status == 0 else {
            throw .writeFailed(path: path, reason: String(cString: sf_error_number(status)))
        }
        try output.commit()
    }
}
