import CSndFile

/// Writes stereo float audio to a WAV file through libsndfile.
///
/// The file is written to a temporary path and appears at `path` only after
/// `finish()`. Integer formats clip at full scale (libsndfile would otherwise
/// wrap) and count the samples that clipped; 16-bit adds TPDF dither of ±1 LSB
/// from a fixed-seed generator, so renders are reproducible.
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
    private var capacity = 0
    private var dither = TPDFDither()

    /// Creates the temporary file for a WAV at `path`, `sampleRate` Hz, stereo.
    public init(path: String, sampleRate: Int32, format: WAVSampleFormat) throws(MediaIOError) {
        self.path = path
        self.format = format
        output = try AtomicOutputFile(path: path)
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
    }

    deinit {
        if let handle { sf_close(handle) }
        interleaved.deallocate()
    }

    /// Appends `count` frames from the two channel buffers.
    public func write(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int) throws(MediaIOError) {
        guard let handle else { throw .writeFailed(path: path, reason: "file already finished") }
        if count > capacity {
            interleaved.deallocate()
            capacity = count
            interleaved = .allocate(capacity: capacity * 2)
        }
        let limit = format.fullScale
        var peak = self.peak
        var clipped = 0
        let lsb: Float = format == .s16 ? 1 / 32768 : 0
        for i in 0..<count {
            let l = left[i], r = right[i]
            peak = max(peak, abs(l), abs(r))
            var dl = l, dr = r
            if lsb > 0 {
                dl += dither.next() * lsb
                dr += dither.next() * lsb
            }
            if abs(dl) > limit { clipped += 1 }
            if abs(dr) > limit { clipped += 1 }
            interleaved[2 * i] = dl
            interleaved[2 * i + 1] = dr
        }
        self.peak = peak
        clippedSamples += clipped
        let written = sf_writef_float(handle, interleaved, sf_count_t(count))
        guard written == count else {
            throw .writeFailed(path: output.temporaryPath, reason: String(cString: sf_strerror(handle)))
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
