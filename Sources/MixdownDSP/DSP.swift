/// Vectorised `Float` kernels over raw buffers, the inner loops of mixing.
///
/// Every kernel takes typed pointers and an element count, works in
/// `SIMD16<Float>` chunks loaded and stored unaligned, and finishes the last
/// `count % 16` elements with a scalar tail, so any pointer alignment and any
/// count (including 0) is valid. Kernels never allocate and keep no state,
/// so they may run on any number of threads at once.
///
/// Ownership: the caller owns every buffer and must keep `count` elements
/// valid at each pointer for the duration of the call. A destination may be
/// the very same buffer as a source (exact aliasing); partial overlap is not
/// supported.
///
/// The kernels are deliberately not `@inlinable`: this target is always
/// compiled with `-O`, and inlining them into a debug-built caller would
/// lose that (see docs/audio-mix.md, "Kernels").
public enum DSP {}

extension DSP {
    /// The SIMD vector every kernel works in.
    ///
    /// Sixteen lanes measured fastest on x86-64 (AVX2 splits it into two
    /// registers); the scalar tail handles what is left.
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
