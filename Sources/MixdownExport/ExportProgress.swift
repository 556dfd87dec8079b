import MixdownUnits

/// How far an export has got, reported after each block (with parallel encoding,
/// every 50 ms and after each stretch written).
public struct ExportProgress: Sendable {
    /// Timeline samples rendered and encoded so far. With parallel encoding, the
    /// samples of the stretches' own ranges rendered so far, summed (pre-roll not
    /// counted); it only grows.
    public var framesDone: Int64
    /// Timeline samples in all.
    public var framesTotal: Int64
    /// The timeline's sample rate.
    public var sampleRate: SampleRate
    /// Wall-clock seconds since the export started.
    public var elapsed: Double

    /// 0 to 1.
    public var fraction: Double { framesTotal > 0 ? Double(framesDone) / Double(framesTotal) : 1 }
    /// Seconds of timeline per second of wall time.
    public var speed: Double { elapsed > 0 ? Double(framesDone) / Double(sampleRate.hertz) / elapsed : 0 }
    /// Estimated seconds left at the current speed.
    public var remaining: Double { fraction > 0 ? elapsed * (1 - fraction) / fraction : 0 }
}
