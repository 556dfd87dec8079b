import MixdownDSP
import MixdownTime
import MixdownUnits

// Rendering works layer by layer straight into the output: the first layer
// writes, every further layer multiplies in place. That needs no scratch
// memory, so `fill` allocates nothing and touches nothing but `out`, which
// keeps envelopes safe to render from many threads at once.

extension GainEnvelope {
    /// Writes the gain of output samples `firstSample ..< firstSample + count`
    /// into `out[0 ..< count]`.
    ///
    /// Sample `n` gets the envelope at exactly `t = n / sampleRate` seconds,
    /// never a value held over a block or codec frame; a segment boundary at
    /// time `b` first applies to sample `ceil(b × sampleRate)`. Linear ramps
    /// are written by `DSP` ramp kernels from a start gain and per-sample
    /// step computed in `Double` at the block's first sample, other curves
    /// are evaluated per sample in `Double`, constant spans are plain fills.
    /// The result is within 1e-6 (relative to the gain, or absolute below 1)
    /// of ``gain(atSample:sampleRate:)`` at any position on the timeline.
    ///
    /// Allocates nothing and writes nothing but `out`; safe to call on one
    /// envelope from several threads at once with different `out` buffers.
    ///
    /// - Parameters:
    ///   - out: `count` writable elements; the caller owns them.
    ///   - firstSample: Output sample index of `out[0]`; may be any value,
    ///     samples before time 0 get the envelope's value there.
    ///   - count: Number of samples, `>= 0`.
    ///   - sampleRate: Output sample rate.
    public func fill(_ out: UnsafeMutablePointer<Float>, firstSample: Int64, count: Int, sampleRate: SampleRate) {
        precondition(count >= 0, "count must not be negative")
        guard count > 0 else { return }
        guard let first = layers.first else {
            DSP.fill(out, value: 1, count: count)
            return
        }
        first.render(into: out, firstSample: firstSample, count: count, sampleRate: sampleRate, multiplying: false)
        for layer in layers.dropFirst() {
            layer.render(into: out, firstSample: firstSample, count: count, sampleRate: sampleRate, multiplying: true)
        }
    }

    /// The gain of samples `firstSample ..< firstSample + count` if it is the
    /// same for all of them, else `nil`: the renderer's fast path.
    ///
    /// Returns a value only when every layer is constant over the whole
    /// block (a block that crosses from a ramp's end into an equal hold is
    /// reported as not constant, which is merely slower). The value equals
    /// ``gain(atSample:sampleRate:)`` rounded to `Float`.
    ///
    /// - Parameters:
    ///   - firstSample: Output sample index of the block's first sample.
    ///   - count: Number of samples, `> 0`; `0` returns `nil`.
    ///   - sampleRate: Output sample rate.
    public func isConstant(firstSample: Int64, count: Int, sampleRate: SampleRate) -> Float? {
        guard count > 0 else { return nil }
        let last = firstSample + Int64(count) - 1
        var product = 1.0
        for layer in layers {
            guard let gain = layer.constantGain(fromSample: firstSample, throughSample: last, sampleRate: sampleRate) else {
                return nil
            }
            product *= gain
        }
        return Float(product)
    }
}

extension GainLayer {
    /// Writes (or multiplies `out` by) this layer's gain for samples
    /// `firstSample ..< firstSample + count`, one segment piece at a time.
    internal func render(
        into out: UnsafeMutablePointer<Float>, firstSample: Int64, count: Int, sampleRate: SampleRate, multiplying: Bool
    ) {
        let endSample = firstSample + Int64(count)
        var sample = firstSample
        var index = segmentIndex(containingSample: sample, sampleRate: sampleRate)
        while sample < endSample {
            let next = index.map { $0 + 1 } ?? 0
            let pieceEnd = next < segments.count
                ? min(segments[next].start.ceilingSampleIndex(sampleRate: sampleRate), endSample)
                : endSample
            // A segment shorter than a sample period may hold no sample.
            if pieceEnd > sample {
                let piece = out + Int(sample - firstSample)
                let length = Int(pieceEnd - sample)
                if let index {
                    segments[index].render(
                        into: piece, firstSample: sample, count: length, sampleRate: sampleRate, multiplying: multiplying)
                } else if !multiplying {
                    DSP.fill(piece, value: 1, count: length)
                }
                sample = pieceEnd
            }
            index = next
        }
    }

    /// The layer's gain over samples `first ... last` if one segment covers
    /// them all and it is constant (or the block lies before every segment).
    internal func constantGain(fromSample first: Int64, throughSample last: Int64, sampleRate: SampleRate) -> Double? {
        guard let index = segmentIndex(containingSample: last, sampleRate: sampleRate) else { return 1 }
        let segment = segments[index]
        guard segment.isConstant, segment.start.ceilingSampleIndex(sampleRate: sampleRate) <= first else { return nil }
        return segment.startGain
    }
}

extension GainSegment {
    /// Writes (or multiplies `out` by) this segment's gain for `count`
    /// samples from `firstSample`, all of which lie inside the segment.
    internal func render(
        into out: UnsafeMutablePointer<Float>, firstSample: Int64, count: Int, sampleRate: SampleRate, multiplying: Bool
    ) {
        let rate = Double(sampleRate.hertz)
        guard let end, !isConstant else {
            if !multiplying {
                DSP.fill(out, value: Float(startGain), count: count)
            } else if startGain != 1 {
                DSP.scale(out, by: Float(startGain), count: count)
            }
            return
        }
        if curve == .linear {
            // The piece's first gain and the per-sample step come straight
            // from the ramp formula in Double; the kernel then evaluates
            // g0 + i·dg per sample, so no error builds up along the ramp.
            let duration = end.seconds - start.seconds
            let g0 = gain(at: Double(firstSample) / rate)
            let step = duration > 0 ? (endGain - startGain) / (duration * rate) : 0
            if multiplying {
                DSP.multiply(out, byRampFrom: Float(g0), step: Float(step), count: count)
            } else {
                DSP.fillRamp(out, from: Float(g0), step: Float(step), count: count)
            }
            return
        }
        for i in 0..<count {
            let value = Float(gain(at: Double(firstSample + Int64(i)) / rate))
            out[i] = multiplying ? out[i] * value : value
        }
    }
}
