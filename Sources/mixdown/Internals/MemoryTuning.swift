internal import CAllocator

/// Process-wide memory settings: the tool's policy, not the library's.
enum MemoryTuning {
    /// Keeps one glibc malloc arena (Mixdown's decoding threads allocate little,
    /// and an arena per thread costs several megabytes of peak memory for no
    /// speed) and fixes glibc's thresholds for mapping and trimming at 128 KB:
    /// its default raises both each time such a block is freed, which kept
    /// FFmpeg's short-lived buffers resident (3.5 MB of the export's peak).
    /// Call once at start, before threads exist.
    static func tuneMalloc() {
        mx_tune_malloc()
    }
}
