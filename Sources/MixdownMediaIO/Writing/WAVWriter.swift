public import MixdownDSP
internal import MixdownSndFile
public import MixdownUnits

/// Writes stereo float audio to a WAV file through libsndfile.
///
/// The file is written to a temporary path and appears at `path` only after
/// `finish()`. Integer formats clip at full scale (libsndfile would otherwise
/// wrap) and count the samples that clipped; 16-bit adds TPDF dither of ±1 LSB
/// that depends only on each sample's position, so renders are reproducible.
///
/// `write` appends frames from frame 0 on. Other threads can fill later frames at
/// the same time through `part(startingAt:)`: each part writes its frames straight
/// to their place in the file, and `finish()` has libsndfile size the header for
/// all of them.
///
/// A RIFF WAV holds at most 4 GiB (its sizes are 32-bit): 6.2 h of stereo 48 kHz
/// in 16-bit, 4.1 h in 24-bit, 3.1 h in float. Output that cannot fit is written
/// as RF64 (EBU Tech 3306: a WAV with 64-bit sizes, which ffmpeg, sox and
/// broadcast tools read), decided before the first byte, since the header's
/// length fixes where every part's frames go.
public final class WAVWriter {
    /// Where the file appears on `finish()`.
    public let path: String
    /// The samples' format in the file: 16-bit (dithered), 24-bit or 32-bit float.
    public let format: WAVSampleFormat
    /// Samples (per channel, counted separately) whose magnitude exceeded full scale;
    /// after `finish()`, the parts' included.
    public var clippedSamples: Int { main.clippedSamples + closedParts.reduce(0) { $0 + $1.clippedSamples } }
    /// Largest magnitude written, before clipping; after `finish()`, the parts' included.
    public var peak: Float { closedParts.reduce(main.peak) { max($0, $1.peak) } }
    /// Frames written so far through `write`; after `finish()`, the parts' included.
    public var framesWritten: Int64 { main.framesWritten + closedParts.reduce(0) { $0 + $1.framesWritten } }

    let output: AtomicOutputFile
    /// What the main stream writes: the WAV header and the samples after it.
    let fileFormat: SoundFileFormat
    let main: WAVStream
    /// Byte offset of frame 0 in the file (the header's length).
    let dataOffset: Int64
    var parts: [Part] = []
    private var closedParts: [Part] = []
    private var finished = false

    /// Creates the temporary file for a WAV at `path`, at `sampleRate`, stereo.
    ///
    /// - Parameters:
    ///   - path: where the file appears on `finish()`.
    ///   - sampleRate: the frames' rate, written in the header.
    ///   - format: the samples' format in the file.
    ///   - inputs: the files the render reads: the output may be none of them.
    ///   - frameCount: the frames the file will hold, when known. A count whose
    ///     samples fit in 4 GiB gives a RIFF WAV, and `finish()` refuses to write
    ///     more; a larger one, or none (nil), gives RF64, which any length fits.
    public init(path: String, sampleRate: SampleRate, format: WAVSampleFormat, inputs: [String] = [],
                frameCount: Int64? = nil) throws(MediaIOError) {
        self.path = path
        self.format = format
        output = try AtomicOutputFile(path: path, inputs: inputs)
        let fits = frameCount.map { Self.fitsRIFF(frames: $0, format: format) } ?? false
        let container: SoundFileFormat.Container = fits ? .wav : .rf64
        fileFormat = SoundFileFormat(container: container, sampleRate: sampleRate.hertz, channels: 2, sampleFormat: format)
        main = try WAVStream(path: path, file: output.temporaryPath, base: 0, firstFrame: 0, fileFormat: fileFormat)
        dataOffset = main.sink.offset
    }

    /// Appends the frames of `audio` (stereo), read during the call only.
    public func write(_ audio: AudioSlice) throws(MediaIOError) {
        try main.write(audio)
    }

    /// Appends the frames of `audio` (stereo) as ``write(_:)`` does, then hands
    /// `written` the same frames as the file holds them: quantised, with the
    /// 16-bit dither and the clipping, as a decoder reads them back (1.0 full
    /// scale, bit for bit); for a float file, `audio` itself. A meter fed these
    /// measures the file without reading it. Both views are valid during the call only.
    public func write(_ audio: AudioSlice, readingBack written: (AudioSlice) throws(MediaIOError) -> Void) throws(MediaIOError) {
        try main.write(audio, readingBack: written)
    }

    /// Closes the file and moves it into place at `path`.
    ///
    /// With parts, call it once their threads are done with them: they must all be
    /// closed and, with the frames `write` wrote, cover frames 0 to the end without
    /// gaps or overlaps.
    public func finish() throws(MediaIOError) {
        guard !finished else { return }
        if !parts.isEmpty {
            var end = main.framesWritten
            for part in parts.sorted(by: { $0.firstFrame < $1.firstFrame }) {
                guard part.isClosed, part.firstFrame == end else {
                    throw .writeFailed(path: path, reason: "a part starting at frame \(part.firstFrame) is \(part.isClosed ? "not next to the frames before it" : "still open")")
                }
                end += part.framesWritten
            }
            let peaks = parts.flatMap { part in
                part.channelPeaks.enumerated().map { (channel: $0.offset, value: $0.element.value, frame: $0.element.frame) }
            }
            try main.countFramesWrittenElsewhere(end - main.framesWritten, peaks: peaks)
            closedParts = parts
        }
        if case .wav = fileFormat.container, !Self.fitsRIFF(frames: framesWritten, format: format) {
            throw .writeFailed(path: path, reason: "\(framesWritten) frames of \(format.rawValue) are more than a WAV file holds (4 GiB); "
                               + "more than the frame count it was created for")
        }
        try main.close()
        try output.commit()
        finished = true
    }

    /// Whether `frames` stereo frames fit the 32-bit sizes of a RIFF header, with
    /// room for the header's own chunks.
    static func fitsRIFF(frames: Int64, format: WAVSampleFormat) -> Bool {
        let (bytes, overflow) = frames.multipliedReportingOverflow(by: 2 * Int64(format.bytesPerSample))
        return !overflow && bytes <= Int64(UInt32.max) - 4096
    }

    /// Moves past `count` frames without writing them: they read as zeros (a
    /// hole, in a file system with sparse files). For tests of files too large
    /// to write in a test, such as a header past 4 GiB; `write` continues after them.
    package func skip(frames count: Int64) throws(MediaIOError) {
        try main.countFramesWrittenElsewhere(count)
        main.countSkipped(count)
    }
}
