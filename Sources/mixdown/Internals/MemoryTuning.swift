internal import CAllocator

/// Process-wide memory settings: the tool's policy, not the library's.
enum MemoryTuning {
    /// Keeps two glibc malloc arenas (an arena per thread costs several
    /// megabytes of peak memory for no speed, but with one the two halves of a
    /// render on two cores wait on each other's frees in FFmpeg's demuxers:
    /// two made the reference job's first render 7-10% faster for 0.5 MB,
    /// issue 24) and fixes glibc's thresholds for mapping and trimming at 128 KB:
    /// its default raises both each time such a block is freed, which kept
    /// FFmpeg's short-lived buffers resident (3.5 MB of the export's peak).
    /// Call once at start, before threads exist.
    static func tuneMalloc() {
        mx_tune_malloc()
    }
}
