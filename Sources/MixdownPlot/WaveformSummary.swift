import MixdownMediaIO
import MixdownTime
import MixdownUnits

/// The shape of a stretch of audio at picture resolution: for each of a fixed
/// number of equal columns, the lowest and highest sample and the RMS level.
///
/// The audio is decoded at a low rate (8 kHz by default) and streamed in small
/// blocks, so summarising an hour costs the same memory as a second: only the
/// columns are kept. A low rate is enough for a picture a few thousand pixels
/// wide, though content above half the rate is filtered out before its peaks
/// are measured (a single-sample click shows smaller than it is).
public struct WaveformSummary: Hashable, Sendable {
    /// One column of the picture. Values are sample values (1 = full scale);
    /// both channels count, so a sound on one side only still shows.
    public struct Column: Hashable, Sendable {
        /// The lowest sample value in the column (zero or negative for real audio).
        public var minimum: Float
        /// The highest sample value in the column.
        public var maximum: Float
        /// The root mean square of the column's samples, both channels together.
        public var rms: Float

        /// Makes a column from its three measures.
        public init(minimum: Float, maximum: Float, rms: Float) {
            self.minimum = minimum
            self.maximum = maximum
            self.rms = rms
        }

        /// A column of digital silence.
        public static let silent = Column(minimum: 0, maximum: 0, rms: 0)
    }

    /// The columns, first to last, each covering an equal share of the source range.
    public let columns: [Column]

    /// The rate the audio was decoded at.
    public let sampleRate: SampleRate

    /// Decodes `sourceRange` of the file at `path` (in the file's own time) and
    /// summarises it in `columns` columns.
    ///
    /// Where the file ends before the range does, the rest is silent. When the
    /// range holds fewer decoded samples than columns, a column with no sample
    /// of its own repeats the one before, so a very short item is not drawn
    /// with holes.
    ///
    /// - Throws: what `AudioDecoder` throws for a file it cannot open, seek or
    ///   decode; `MediaIOError.unsupported` for `columns < 1`.
    public init(path: String, sourceRange: MediaTimeRange, columns: Int, sampleRate: SampleRate = 8_000) throws(MediaIOError) {
        guard columns >= 1 else {
            throw .unsupported(path: path, reason: "a waveform needs at least one column and a positive rate")
        }
        let first: Int64
        let end: Int64
        do {
            first = try sourceRange.start.sampleIndex(sampleRate: sampleRate)
            end = try sourceRange.end.sampleIndex(sampleRate: sampleRate)
        } catch {
            throw .unsupported(path: path, reason: "range \(sourceRange) cannot be placed at \(sampleRate): \(error)")
        }
        self.sampleRate = sampleRate
        var accumulator = Accumulator(columns: columns, samples: max(0, end - first))
        if accumulator.samples > 0 {
            let decoder = try AudioDecoder(path: path, sampleRate: sampleRate)
            try decoder.seek(toSample: max(0, first))
            try accumulator.consume(decoder)
        }
        self.columns = accumulator.finish()
    }

    /// Makes a summary from columns already measured (for tests and callers with their own audio).
    public init(columns: [Column], sampleRate: SampleRate) {
        self.columns = columns
        self.sampleRate = sampleRate
    }
}

extension WaveformSummary {
    /// Folds decoded samples into columns as they stream past.
    private struct Accumulator {
        let samples: Int64
        var minimum: [Float]
        var maximum: [Float]
        var squares: [Double]
        var counts: [Int]
        /// Samples actually decoded: fewer than `samples` when the file ends early.
        var decoded: Int64 = 0

        init(columns: Int, samples: Int64) {
            self.samples = samples
            minimum = Array(repeating: 0, count: columns)
            maximum = Array(repeating: 0, count: columns)
            squares = Array(repeating: 0, count: columns)
            counts = Array(repeating: 0, count: columns)
        }

        /// Reads `samples` samples from `decoder` (fewer if it ends) in fixed blocks.
        mutating func consume(_ decoder: AudioDecoder) throws(MediaIOError) {
            let columns = Int64(counts.count)
            var index: Int64 = 0
            decoded = try decoder.forEachBlock(frames: samples, blockSize: 4_096) { block in
                let left = block.left, right = block.right
                for i in 0..<block.count {
                    // Integer bucket arithmetic, so every column gets the same
                    // share of samples give or take one, at any length.
                    let column = Int((index + Int64(i)) * columns / samples)
                    let l = left[i], r = right[i]
                    if counts[column] == 0 {
                        minimum[column] = min(l, r)
                        maximum[column] = max(l, r)
                    } else {
                        minimum[column] = min(minimum[column], l, r)
                        maximum[column] = max(maximum[column], l, r)
                    }
                    squares[column] += Double(l) * Double(l) + Double(r) * Double(r)
                    counts[column] += 1
                }
                index += Int64(block.count)
            }
        }

        /// The columns. One with no sample of its own (more columns than samples)
        /// repeats its left neighbour where the audio went on, and is silent past
        /// the point where the file ended.
        func finish() -> [Column] {
            var result: [Column] = []
            result.reserveCapacity(counts.count)
            let columns = Int64(counts.count)
            for column in counts.indices {
                if counts[column] > 0 {
                    let rms = Float((squares[column] / Double(2 * counts[column])).squareRoot())
                    result.append(Column(minimum: minimum[column], maximum: maximum[column], rms: rms))
                } else if Int64(column) * samples / columns < decoded, let previous = result.last {
                    result.append(previous)
                } else {
                    result.append(.silent)
                }
            }
            return result
        }
    }
}
