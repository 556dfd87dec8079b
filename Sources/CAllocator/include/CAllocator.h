#ifndef MIXDOWN_CALLOCATOR_H
#define MIXDOWN_CALLOCATOR_H

/// Two glibc malloc arenas for the process, and fixed 128 KB thresholds for
/// mapping and trimming (see Sources/mixdown/Internals/MemoryTuning.swift).
/// glibc's <malloc.h> is not part of Swift's Glibc module, hence this C call.
void mx_tune_malloc(void);

#endif
