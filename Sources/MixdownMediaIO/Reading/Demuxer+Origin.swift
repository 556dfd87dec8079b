internal import MixdownFFmpeg
internal import MixdownTime

extension Demuxer {
    /// Ticks of stream `index` at the file's time 0: a decode's output sample 0
    /// and a clip's time 0 (`VideoClipInfo`), so a clip's audio and video agree.
    ///
    /// Time 0 is the container's start (the earliest stream's), except that an
    /// audio stream with pre-skip (Opus) is stamped before 0 by the samples its
    /// decoder drops, while its sound starts at 0: it counts from 0. The stream
    /// that sets the start gives exact ticks; others get it rescaled.
    func timelineOrigin(ofStream index: Int) -> Int64 {
        guard var start = startTime, let timeBase = timing(ofStream: index).timeBase else { return 0 }
        if start < 0 {
            start = (0..<streamCount).compactMap { i -> Int64? in
                let timing = timing(ofStream: i)
                guard let own = timing.startTime, let base = timing.timeBase else { return nil }
                let micros = rescale(own, from: base, to: .microseconds)
                return kind(ofStream: i) == .audio && initialPadding(ofStream: i) > 0 ? max(0, micros) : micros
            }.min() ?? 0
        }
        if let own = timing(ofStream: index).startTime, rescale(own, from: timeBase, to: .microseconds) == start { return own }
        return rescale(start, from: .microseconds, to: timeBase)
    }
}
