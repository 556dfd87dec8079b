import CFFmpeg

/// Process-wide memory settings for the command-line tool.
public enum MemoryTuning {
    /// Keeps one malloc arena: Mixdown's decoding threads allocate little, and a
    /// separate arena per thread costs several megabytes of peak memory for no speed.
    /// Call once at start, before threads exist.
    public static func useSingleMallocArena() {
        mx_use_single_malloc_arena()
    }
}
