/// Vectorised `Float` kernels over raw buffers, the inner loops of mixing:
/// the implementation behind `DSP`, which documents each one.
///
/// These files are compiled twice: as `MixdownKernels` for the baseline
/// x86-64 target, and (through symbolic links) as `MixdownKernelsAVX512` for
/// AVX-512 machines, where the same `SIMD16<Float>` code becomes one 512-bit
/// register per vector. `DSP` picks one copy when the process starts. Both
/// copies compute the same IEEE operations in the same order (products are
/// never fused into FMAs), so they give the same bits.
///
/// Every kernel takes typed pointers and an element count, works in
/// `SIMD16<Float>` chunks loaded and stored unaligned, and finishes the last
/// `count % 16` elements with a scalar tail, so any pointer alignment and any
/// count (including 0) is valid. Kernels never allocate and keep no state,
/// so they may run on any number of threads at once.
///
/// The kernels are deliberately not `@inlinable`: these targets are always
/// compiled with `-O`, and inlining them into a debug-built caller would
/// lose that (see docs/audio-mix.md, "Kernels").
public enum Kernels {}

extension Kernels {
    /// The SIMD vector every kernel works in.
    ///
    /// Sixteen lanes measured fastest on x86-64 (four SSE registers on the
    /// baseline, one AVX-512 register); the scalar tail handles what is left.
    internal typealias Vector = SIMD16<Float>

    /// Lanes per ``Vector``.
    internal static var width: Int { Vector.scalarCount }

    /// Bytes per ``Vector``, the stride between vector loads.
    internal static var vectorBytes: Int { MemoryLayout<Vector>.size }

    /// `0, 1, 2, … 15`: lane offsets for per-lane ramp evaluation.
    internal static var laneIndices: Vector {
        Vector(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    }
}
