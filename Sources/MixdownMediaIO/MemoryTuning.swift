import CFFmpeg

/// Process-wide memory settings for the command-line tool.
public enum MemoryTuning {
    /// Keeps one malloc arena (Mixdown's decoding threads allocate little, and a
    /// separate arena per thread costs several megabytes of peak memory for no
    /// speed) and fixes glibc's thresholds for mapping and trimming at 128 KB, so
    /// that big short-lived buffers do not stay resident. Call once at start,
    /// before threads exist.
    public static func tuneMalloc() {
        mx_tune_malloc()
    }
}
