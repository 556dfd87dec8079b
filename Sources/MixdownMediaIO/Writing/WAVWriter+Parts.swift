import CSndFile
import MixdownUnits

extension WAVWriter {
    /// Frames of a `WAVWriter`'s file from `firstFrame` on, written by another thread.
    ///
    /// The part's samples go straight to their place after the header, in the same
    /// sample format, dither and clipping as `WAVWriter.write`. Use a part from one
    /// thread at a time; close it before the writer's `finish()`.
    public final class Part: @unchecked Sendable {
        public let firstFrame: Int64
        private let stream: WAVStream
        public private(set) var isClosed = false

        init(writer: WAVWriter, firstFrame: Int64) throws(MediaIOError) {
            self.firstFrame = firstFrame
            var info = writer.info
            info.format = Int32(SF_FORMAT_RAW) | Int32(SF_ENDIAN_LITTLE) | writer.format.subtype
            let frameBytes = Int64(info.channels) * Int64(writer.format.bytesPerSample)
            stream = try WAVStream(path: writer.path, file: writer.output.temporaryPath,
                                   base: writer.dataOffset + firstFrame * frameBytes,
                                   firstFrame: firstFrame, format: writer.format, info: info)
        }

        /// Writes the next `count` frames.
        public func write(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int) throws(MediaIOError) {
            try stream.write(left: left, right: right, count: count)
        }

        /// Writes out the part's last frames; nothing can be written after.
        public func close() throws(MediaIOError) {
            try stream.close()
            isClosed = true
        }

        public var clippedSamples: Int { stream.clippedSamples }
        public var peak: Float { stream.peak }
        public var framesWritten: Int64 { stream.framesWritten }
    }

    /// A part for frames `firstFrame` onwards, to be written on another thread.
    public func part(startingAt firstFrame: Int64) throws(MediaIOError) -> Part {
        let part = try Part(writer: self, firstFrame: firstFrame)
        parts.append(part)
        return part
    }
}
