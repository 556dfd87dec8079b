/// How far an export has got, reported after each block.
public struct ExportProgress: Sendable {
    /// Timeline samples rendered and encoded so far, and in all.
    public var framesDone: Int64
    public var framesTotal: Int64
    public var sampleRate: Int32
    /// Wall-clock seconds since the export started.
    public var elapsed: Double

    /// 0 to 1.
    public var fraction: Double { framesTotal > 0 ? Double(framesDone) / Double(framesTotal) : 1 }
    /// Seconds of timeline per second of wall time.
    public var speed: Double { elapsed > 0 ? Double(framesDone) / Double(sampleRate) / elapsed : 0 }
    /// Estimated seconds left at the current speed.
    public var remaining: Double { fraction > 0 ? elapsed * (1 - fraction) / fraction : 0 }
}
