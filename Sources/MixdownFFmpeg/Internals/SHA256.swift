internal import CFFmpeg

/// The SHA-256 digest of a sequence of byte runs, by libavutil (`av_sha`).
///
/// Used where a file's content must be told apart from another's cheaply and
/// surely (the conform cache's key), never for security.
package final class SHA256 {
    private let context: OpaquePointer?

    /// A hash of nothing yet.
    package init() {
        context = av_sha_alloc()
        if let context { av_sha_init(context, 256) }
    }

    deinit {
        av_free(UnsafeMutableRawPointer(context))
    }

    /// Adds `bytes` to what is hashed.
    package func update(_ bytes: UnsafeRawBufferPointer) {
        guard let context, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        av_sha_update(context, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// Adds the UTF-8 bytes of `text`.
    package func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// The digest of everything added, as 64 lowercase hex digits (empty when
    /// libavutil could not allocate its context). The hash cannot be used after.
    package func finish() -> String {
        guard let context else { return "" }
        var digest = [UInt8](repeating: 0, count: 32)
        av_sha_final(context, &digest)
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
