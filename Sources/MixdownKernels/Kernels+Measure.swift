extension Kernels {
    /// The loop behind `DSP.peakMagnitude`, which documents it.
    public static func peakMagnitude(_ src: UnsafePointer<Float>, count: Int) -> Float {
        let s = UnsafeRawPointer(src)
        var peaks = Vector(repeating: 0)
        var i = 0
        while i + width <= count {
            let x = s.loadUnaligned(fromByteOffset: i * MemoryLayout<Float>.stride, as: Vector.self)
            // Masked selects rather than `pointwiseMax`, which does not
            // vectorise; a NaN lane compares false and never replaces a peak.
            let magnitude = x.replacing(with: -x, where: x .< 0)
            peaks.replace(with: magnitude, where: peaks .< magnitude)
            i += width
        }
        var peak: Float = 0
        for lane in peaks.indices where peak < peaks[lane] {
            peak = peaks[lane]
        }
        while i < count {
            let magnitude = src[i].magnitude
            if peak < magnitude { peak = magnitude }
            i += 1
        }
        return peak
    }
}
