internal import MixdownSystem
internal import Synchronization

/// What the first opening of a file found out about the audio stream a decoder
/// plays: kept for the process, so that later openings of the same version of
/// the file (the render's decoders, a loop's repeats, parallel stretches) skip
/// FFmpeg's stream analysis and read the header only.
struct AudioFacts: Sendable, Equatable {
    /// Where the samples go (the stream, its time base, origin, timing, end).
    let layout: AudioLayout
    /// The stream's channel count.
    let channels: Int

    /// The facts remembered for `path`, if it is still the file they were found in.
    static func remembered(for path: String, snapshot: FileSnapshot) -> AudioFacts? {
        store.withLock { $0[path].flatMap { $0.snapshot == snapshot ? $0.facts : nil } }
    }

    /// Remembers `facts` for the version `snapshot` of `path`, in `format`:
    /// only where the header alone then serves a decoder (`headerDescribesAudio`).
    static func remember(_ facts: AudioFacts, for path: String, snapshot: FileSnapshot, format: ContainerFormat) {
        guard format.headerDescribesAudio else { return }
        store.withLock { known in
            // A long-lived process that reads thousands of files keeps a bounded store.
            if known.count >= 1024 { known.removeAll() }
            known[path] = (snapshot, facts)
        }
    }

    private static let store = Mutex<[String: (snapshot: FileSnapshot, facts: AudioFacts)]>([:])
}
