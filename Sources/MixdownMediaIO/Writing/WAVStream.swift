internal import MixdownSndFile
internal import MixdownSystem
internal import MixdownUnits
internal import MixdownDSP

/// One libsndfile handle and the conversion of float frames to its sample format:
/// the part of `WAVWriter` that a second thread can own for its own stretch of the file.
///
/// Integer samples are quantised here (round to nearest, clip) and handed to
/// libsndfile as 32-bit integers, which it narrows exactly. Its own float
/// conversion with clipping enabled truncates toward −∞ (`lrint(x·2³¹) >> 16`),
/// which biased every 16-bit sample by −½ LSB and doubled the 24-bit error.
final class WAVStream {
    /// The output's final path, for messages.
    let path: String
    let format: WAVSampleFormat
    let sink: WAVFileSink
    private(set) var clippedSamples = 0
    private(set) var peak: Float = 0
    private(set) var framesWritten: Int64 = 0
    /// Float files: each channel's largest magnitude and the output frame it is
    /// on, which RF64's PEAK chunk records (see ``countFramesWrittenElsewhere(_:peaks:)``).
    private(set) var channelPeaks: [(value: Float, frame: Int64)] = [(0, 0), (0, 0)]
    /// The output frame of this stream's first frame.
    private let firstFrame: Int64
    private var file: SoundFile?
    /// Interleaved float frames for the float format.
    private var interleaved: UnsafeMutablePointer<Float>
    /// Left-justified 32-bit integer frames for the integer formats.
    private var quantised: UnsafeMutablePointer<Int32>
    /// 16-bit: the frames with their dither added, before they are quantised.
    private var dithered: AudioBuffer
    /// Integer formats: the quantised frames as a decoder reads them back, for
    /// callers that meter what is written (``write(_:readingBack:)``); sized on first use.
    private var readBack = AudioBuffer(capacity: 0)
    private var capacity = 8192
    private var dither: TPDFDither

    /// Opens a handle writing `fileFormat` into `file` from byte `base`, whose
    /// first frame is frame `firstFrame` of the output (which seeds the dither).
    init(path: String, file: String, base: Int64, firstFrame: Int64, fileFormat: SoundFileFormat) throws(MediaIOError) {
        self.path = path
        format = fileFormat.sampleFormat
        sink = try WAVFileSink(path: file, base: base)
        let sf: SoundFile
        do {
            sf = try SoundFile(writingTo: sink, format: fileFormat)
        } catch {
            throw .cannotCreateOutput(path: path, reason: error.message)
        }
        self.file = sf
        sf.setClipping(true)
        // A PEAK chunk would hold the peak of this handle's frames only, not of the
        // parts other handles write, so float WAV files carry none. libsndfile 1.2.0
        // keeps it in RF64 whatever is asked; there the parts' peaks are passed on.
        if format == .f32 { sf.setPeakChunk(false) }
        self.firstFrame = firstFrame
        dither = TPDFDither(firstFrame: firstFrame)
        interleaved = .allocate(capacity: capacity * 2)
        quantised = .allocate(capacity: capacity * 2)
        dithered = AudioBuffer(capacity: format == .s16 ? capacity : 0)
    }

    deinit {
        interleaved.deallocate()
        quantised.deallocate()
    }

    /// Appends the frames of `audio` (stereo), then hands `written` the frames
    /// as the file holds them (see `WAVWriter.write(_:readingBack:)`).
    func write(_ audio: AudioSlice, readingBack written: (AudioSlice) throws(MediaIOError) -> Void) throws(MediaIOError) {
        try write(audio)
        // A float file holds the frames as given; an integer one, the codes just written.
        if format == .f32 { return try written(audio) }
        try written(decodedQuantised(count: audio.count))
    }

    /// Appends the frames of `audio` (stereo).
    func write(_ audio: AudioSlice) throws(MediaIOError) {
        guard let file else { throw .writeFailed(path: path, reason: "file already finished") }
        precondition(audio.channelCount == 2, "a stereo WAV written \(audio.channelCount) channels")
        let count = audio.count
        if count > capacity {
            interleaved.deallocate()
            quantised.deallocate()
            capacity = count
            interleaved = .allocate(capacity: capacity * 2)
            quantised = .allocate(capacity: capacity * 2)
            if format == .s16 { dithered = AudioBuffer(capacity: capacity) }
        }
        let left = audio.left, right = audio.right
        var peak = self.peak
        var clipped = 0
        let written: Int
        if format == .f32 {
            let start = firstFrame + framesWritten
            for i in 0..<count {
                let l = left[i], r = right[i]
                if abs(l) > channelPeaks[0].value { channelPeaks[0] = (abs(l), start + Int64(i)) }
                if abs(r) > channelPeaks[1].value { channelPeaks[1] = (abs(r), start + Int64(i)) }
                interleaved[2 * i] = l
                interleaved[2 * i + 1] = r
            }
            peak = max(peak, channelPeaks[0].value, channelPeaks[1].value)
            written = file.writeFrames(interleaved, count: count)
        } else {
            let bits = format == .s16 ? 16 : 24
            let scale = Float(1 << (bits - 1))
            let shift = Int32(32 - bits)
            peak = max(peak, DSP.peakMagnitude(audio))
            if format == .s16 {
                // TPDF dither is added before rounding, sample by sample.
                let target = dithered.mutableSlice(0..<count)
                let ditheredLeft = target.left, ditheredRight = target.right
                for i in 0..<count {
                    ditheredLeft[i] = left[i] + dither.next() / scale
                    ditheredRight[i] = right[i] + dither.next() / scale
                }
                clipped = DSP.quantise(AudioSlice(target), into: quantised, scale: scale, shift: shift)
            } else {
                clipped = DSP.quantise(audio, into: quantised, scale: scale, shift: shift)
            }
            written = file.writeFrames(quantised, count: count)
        }
        self.peak = peak
        clippedSamples += clipped
        guard written == count else {
            throw .writeFailed(path: path, reason: sink.failure?.message ?? file.errorMessage)
        }
        framesWritten += Int64(count)
    }

    /// The `count` frames in `quantised` as floats, as a decoder reads the file:
    /// each left-justified code over 2³¹, which is exact (a code has at most 24
    /// significant bits, and the scale is a power of two).
    private func decodedQuantised(count: Int) -> AudioSlice {
        if readBack.capacity < count { readBack = AudioBuffer(capacity: capacity) }
        let target = readBack.mutableSlice(0..<count)
        let left = target.left, right = target.right
        let scale: Float = 1.0 / 2_147_483_648.0
        for i in 0..<count {
            left[i] = Float(quantised[2 * i]) * scale
            right[i] = Float(quantised[2 * i + 1]) * scale
        }
        return AudioSlice(target)
    }

    /// Counts `frames` more frames as written without writing them: other streams
    /// put them in the file, after this one's, and libsndfile sizes the header from
    /// the frames it counted (it has no call to set that count).
    ///
    /// `peaks` are the other streams' channel peaks (`channelPeaks`), by output
    /// frame: for a float file they go through libsndfile's float path at their
    /// frames, so that a PEAK chunk holds the peak of the whole file.
    func countFramesWrittenElsewhere(_ frames: Int64, peaks: [(channel: Int, value: Float, frame: Int64)] = []) throws(MediaIOError) {
        guard let file else { return }
        let frameBytes = Int64(2 * format.bytesPerSample)
        let chunk = 1 << 12
        let zeros = UnsafeMutablePointer<Float>.allocate(capacity: 2 * chunk)
        zeros.initialize(repeating: 0, count: 2 * chunk)
        defer { zeros.deallocate() }
        sink.skipsWrites = true
        defer { sink.skipsWrites = false }
        var start = firstFrame + framesWritten
        let end = start + frames
        while start < end {
            let n = min(end - start, Int64(chunk))
            let written: Bool
            if format == .f32 {
                let marks = peaks.filter { (start..<start + n).contains($0.frame) }
                marks.forEach { zeros[Int($0.frame - start) * 2 + $0.channel] = $0.value }
                written = file.writeFrames(zeros, count: Int(n)) == Int(n)
                marks.forEach { zeros[Int($0.frame - start) * 2 + $0.channel] = 0 }
            } else {
                written = file.writeRaw(zeros, byteCount: n * frameBytes) == n * frameBytes
            }
            guard written else { throw .writeFailed(path: path, reason: file.errorMessage) }
            start += n
        }
    }

    /// Counts `frames` frames that ``countFramesWrittenElsewhere(_:)`` moved past
    /// as this stream's own (`WAVWriter.skip(frames:)`).
    func countSkipped(_ frames: Int64) {
        framesWritten += frames
    }

    /// Closes the handle and writes out everything buffered.
    func close() throws(MediaIOError) {
        guard let file else { return }
        self.file = nil
        let closeError = file.close()
        let failure = sink.close()
        if let failure { throw .writeFailed(path: path, reason: failure) }
        if let closeError { throw .writeFailed(path: path, reason: closeError) }
    }
}
