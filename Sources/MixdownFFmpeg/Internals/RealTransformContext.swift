internal import CFFmpeg

/// One real-input discrete Fourier transform of FFmpeg's (`AVTXContext`, double
/// precision, `AV_TX_DOUBLE_RDFT`), forward or inverse, freed with it.
///
/// Forward: `length` reals → `length / 2 + 1` complex values, interleaved re, im.
/// Inverse: that spectrum → `length` reals, unnormalised (the input is overwritten).
/// Buffers may be unaligned. Not thread-safe: one context per thread.
package final class RealTransformContext {
    private var context: OpaquePointer?
    private let transform: av_tx_fn

    /// A transform of `length` (a power of two of at least 4); nil when FFmpeg refuses it.
    package init?(length: Int, inverse: Bool) {
        var context: OpaquePointer?
        var function: av_tx_fn?
        var scale = 1.0
        let status = av_tx_init(&context, &function, AV_TX_DOUBLE_RDFT, inverse ? 1 : 0, Int32(length), &scale,
                                UInt64(AV_TX_UNALIGNED.rawValue))
        guard status >= 0, let context, let function else {
            av_tx_uninit(&context)
            return nil
        }
        self.context = context
        transform = function
    }

    deinit {
        av_tx_uninit(&context)
    }

    /// Runs the transform from `input` into `output` (doubles; see the type's layout).
    package func run(_ input: UnsafeMutablePointer<Double>, into output: UnsafeMutablePointer<Double>) {
        transform(context, output, input, MemoryLayout<Double>.stride)
    }
}
