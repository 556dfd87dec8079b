public import MixdownDSP
internal import MixdownSndFile
internal import MixdownUnits

extension WAVWriter {
    /// Frames of a `WAVWriter`'s file from `firstFrame` on, written by another thread.
    ///
    /// The part's samples go straight to their place after the header, in the same
    /// sample format, dither and clipping as `WAVWriter.write`. Use a part from one
    /// thread at a time; close it before the writer's `finish()`.
    public final class Part: @unchecked Sendable {
        /// The output frame the part's first written frame lands on.
        public let firstFrame: Int64
        private let stream: WAVStream
        /// Whether `close()` has written the part out; `finish()` requires it.
        public private(set) var isClosed = false

        init(writer: WAVWriter, firstFrame: Int64) throws(MediaIOError) {
            self.firstFrame = firstFrame
            var fileFormat = writer.fileFormat
            fileFormat.container = .rawLittleEndian
            let frameBytes = Int64(fileFormat.channels) * Int64(writer.format.bytesPerSample)
            stream = try WAVStream(path: writer.path, file: writer.output.temporaryPath,
                                   base: writer.dataOffset + firstFrame * frameBytes,
                                   firstFrame: firstFrame, fileFormat: fileFormat)
        }

        /// Writes the next frames: those of `audio` (stereo), read during the call only.
        public func write(_ audio: AudioSlice) throws(MediaIOError) {
            try stream.write(audio)
        }

        /// Writes the next frames, then hands `written` them as the file holds
        /// them (see `WAVWriter.write(_:readingBack:)`); both read during the call only.
        public func write(_ audio: AudioSlice, readingBack written: (AudioSlice) throws(MediaIOError) -> Void) throws(MediaIOError) {
            try stream.write(audio, readingBack: written)
        }

        /// Writes out the part's last frames; nothing can be written after.
        public func close() throws(MediaIOError) {
            try stream.close()
            isClosed = true
        }

        /// Samples (per channel, counted separately) of the part that exceeded full scale.
        public var clippedSamples: Int { stream.clippedSamples }
        /// Largest magnitude the part was given, before clipping.
        public var peak: Float { stream.peak }
        /// Frames written so far through the part.
        public var framesWritten: Int64 { stream.framesWritten }
        /// Each channel's peak, for the PEAK chunk of a float file.
        var channelPeaks: [(value: Float, frame: Int64)] { stream.channelPeaks }
    }

    /// A part for frames `firstFrame` onwards, to be written on another thread.
    public func part(startingAt firstFrame: Int64) throws(MediaIOError) -> Part {
        let part = try Part(writer: self, firstFrame: firstFrame)
        parts.append(part)
        return part
    }
}
