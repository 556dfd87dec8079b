internal import CEbur128
#if canImport(Glibc)
internal import Glibc
#endif

/// One libebur128 meter state (`ebur128_state`), destroyed with it.
///
/// Frames are interleaved floats, 1.0 = full scale. Loudness is in LUFS (LU for
/// the range), peaks are linear (1.0 = 0 dBFS / 0 dBTP). Not thread-safe: one
/// state per thread; `ebur128_init` is serialised against every other call (see
/// `libraryLock`).
package final class LoudnessState {
    /// What a state can measure, libebur128's `EBUR128_MODE_*` (`M`, `S`, `I`, `LRA`,
    /// `SAMPLE_PEAK`, `TRUE_PEAK`); each costs time per frame.
    package enum Mode: Hashable, Sendable {
        case momentary, shortTerm, integrated, range, samplePeak, truePeak
    }

    private var state: UnsafeMutablePointer<ebur128_state>?
    package let channels: Int

    /// A state for `channels` channels at `sampleRate` Hz measuring `modes`
    /// with libebur128's default channel map
    /// (L, R, C, unused, Ls, Rs: FFmpeg's order for 5.1); nil when libebur128
    /// refuses it (channels outside 1…64, rate outside 16…2 822 400 Hz) or is out of memory.
    package init?(channels: Int, sampleRate: Int32, modes: Set<Mode>) {
        let mode = modes.reduce(0) { $0 | $1.ebur128Mode }
        guard channels > 0, channels <= 64, sampleRate > 0,
              let state = libraryLock.exclusive({ ebur128_init(UInt32(channels), UInt(sampleRate), mode) })
        else { return nil }
        self.state = state
        self.channels = channels
    }

    deinit {
        ebur128_destroy(&state)
    }

    /// Feeds `frames` interleaved frames (`ebur128_add_frames_float`); false out of memory.
    package func add(_ interleaved: UnsafePointer<Float>, frames: Int) -> Bool {
        libraryLock.shared { ebur128_add_frames_float(state, interleaved, frames) } == MX_EBUR128_SUCCESS
    }

    /// Integrated loudness of everything fed (`ebur128_loudness_global`); -∞ when no block passed the gate.
    package var integrated: Double { read(ebur128_loudness_global) }
    /// Loudness of the last 400 ms fed (`ebur128_loudness_momentary`), zero-padded at the start.
    package var momentary: Double { read(ebur128_loudness_momentary) }
    /// The last 400 ms fed as BS.1770 K-weighted mean-square energy (channel-weighted
    /// sum): the momentary loudness `L` as `10^((L + 0.691) / 10)`, 0 for digital silence.
    /// libebur128 keeps the energy to itself, so it is taken back from the loudness
    /// (exact to a few units in the last place).
    package var momentaryEnergy: Double {
        let loudness = momentary
        return loudness.isFinite ? pow(10, (loudness + 0.691) / 10) : 0
    }
    /// Loudness of the last 3 s fed (`ebur128_loudness_shortterm`), zero-padded at the start.
    package var shortTerm: Double { read(ebur128_loudness_shortterm) }
    /// Loudness range of everything fed, in LU (`ebur128_loudness_range`); 0 without short-term blocks.
    package var range: Double { read(ebur128_loudness_range) }

    /// The largest sample peak of any channel in the last `add` (`ebur128_prev_sample_peak`).
    package var lastSamplePeak: Double { peak(ebur128_prev_sample_peak) }
    /// The largest true peak of any channel in the last `add` (`ebur128_prev_true_peak`).
    package var lastTruePeak: Double { peak(ebur128_prev_true_peak) }
    /// The largest sample peak of any channel so far (`ebur128_sample_peak`).
    package var samplePeak: Double { peak(ebur128_sample_peak) }
    /// The largest true peak of any channel so far (`ebur128_true_peak`).
    package var truePeak: Double { peak(ebur128_true_peak) }

    /// Integrated loudness of all `states` pooled (`ebur128_loudness_global_multiple`).
    package static func integrated(of states: [LoudnessState]) -> Double {
        pooled(states, ebur128_loudness_global_multiple)
    }

    /// Loudness range of all `states` pooled, in LU (`ebur128_loudness_range_multiple`).
    package static func range(of states: [LoudnessState]) -> Double {
        pooled(states, ebur128_loudness_range_multiple)
    }

    /// The mode checks are the callers' (`LoudnessMeter` preconditions), so a failure here is a bug.
    private func read(_ function: (UnsafeMutablePointer<ebur128_state>?, UnsafeMutablePointer<Double>?) -> Int32) -> Double {
        var value = 0.0
        let status = libraryLock.shared { function(state, &value) }
        precondition(status == MX_EBUR128_SUCCESS, "libebur128 refused a reading: \(status)")
        return value
    }

    private func peak(_ function: (UnsafeMutablePointer<ebur128_state>?, UInt32, UnsafeMutablePointer<Double>?) -> Int32) -> Double {
        var largest = 0.0
        for channel in 0..<channels {
            var value = 0.0
            let status = libraryLock.shared { function(state, UInt32(channel), &value) }
            precondition(status == MX_EBUR128_SUCCESS, "libebur128 refused a peak reading: \(status)")
            largest = max(largest, value)
        }
        return largest
    }

    private static func pooled(
        _ states: [LoudnessState],
        _ function: (UnsafeMutablePointer<UnsafeMutablePointer<ebur128_state>?>?, Int, UnsafeMutablePointer<Double>?) -> Int32
    ) -> Double {
        var pointers = states.map(\.state)
        var value = 0.0
        let status = libraryLock.shared { function(&pointers, pointers.count, &value) }
        precondition(status == MX_EBUR128_SUCCESS, "libebur128 refused a pooled reading: \(status)")
        // The states must stay alive until libebur128 has read them.
        withExtendedLifetime(states) {}
        return value
    }
}

/// libebur128 1.2.6's `ebur128_init` writes process-global statics (the gate
/// factors and the first histogram boundary) that `add_frames` and the readings
/// of every other state read, so a state created while another thread meters is
/// a data race. Creation takes this lock exclusively and every other call shares
/// it: metering threads never wait for each other, only for a creation. Writers
/// are preferred, or a creation could wait as long as several threads keep
/// metering (no thread ever holds the lock twice, which that preference needs).
private final class LibraryLock: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    func exclusive<T>(_ body: () -> T) -> T {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body()
    }

    func shared<T>(_ body: () -> T) -> T {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body()
    }
}

private let libraryLock = LibraryLock()

extension LoudnessState.Mode {
    /// libebur128's `EBUR128_MODE_*` bit for the mode.
    var ebur128Mode: Int32 {
        switch self {
        case .momentary: MX_EBUR128_MODE_M
        case .shortTerm: MX_EBUR128_MODE_S
        case .integrated: MX_EBUR128_MODE_I
        case .range: MX_EBUR128_MODE_LRA
        case .samplePeak: MX_EBUR128_MODE_SAMPLE_PEAK
        case .truePeak: MX_EBUR128_MODE_TRUE_PEAK
        }
    }
}
