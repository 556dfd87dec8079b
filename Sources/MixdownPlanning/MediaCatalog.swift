import MixdownComposition
import MixdownMediaIO
import MixdownTime

/// The media a project refers to, each file probed once, quickly (headers only),
/// and read in full only when an item needs its exact length.
struct MediaCatalog {
    private var probed: [String: MediaInfo] = [:]

    mutating func info(_ path: String, depth: MediaProbe.Depth = .quick) throws(PlanningError) -> MediaInfo {
        if let known = probed[path], depth == .quick || Self.isExact(known) { return known }
        let info: MediaInfo
        do { info = try MediaProbe.probe(path: path, depth: depth) } catch { throw .media(error) }
        if info.isTruncated {
            throw .media(.unreadableMedia(path: path, reason: "the file is truncated (its index lists more data than it holds)"))
        }
        probed[path] = info
        return info
    }

    mutating func hasAudio(_ path: String) throws(PlanningError) -> Bool {
        try info(path).firstStream(.audio) != nil
    }

    /// The video stream's duration, exact in its own time base.
    mutating func videoDuration(_ path: String) throws(PlanningError) -> MediaTime {
        let info = try info(path)
        guard let video = info.firstStream(.video) else { throw .media(.noStream(path: path, kind: "video")) }
        do { return try Self.time(seconds: video.duration ?? info.duration ?? 0, timeBase: video.timeBase) } catch { throw .time(error) }
    }

    /// The asset for an audio item. With `exact`, its length is the exact sample
    /// count even for containers that only estimate it (MP3: read in full); without,
    /// an estimate within a frame of padding may stand in.
    mutating func audioAsset(_ path: String, exact: Bool = true) throws(PlanningError) -> Asset {
        var info = try info(path)
        if exact, !Self.isExact(info) { info = try self.info(path, depth: .full) }
        guard let asset = Self.audioAsset(info) else { throw .media(.noStream(path: path, kind: "audio")) }
        return asset
    }

    private static func isExact(_ info: MediaInfo) -> Bool {
        info.firstStream(.audio).map { $0.sampleCount != nil } ?? true
    }

    /// The audio asset of a file already probed, or nil.
    func known(_ path: String) -> Asset? {
        probed[path].flatMap(Self.audioAsset)
    }

    private static func audioAsset(_ info: MediaInfo) -> Asset? {
        guard let audio = info.firstStream(.audio) else { return nil }
        let duration: MediaTime?
        if let samples = audio.sampleCount ?? audio.estimatedSampleCount, let rate = audio.sampleRate {
            duration = try? MediaTime(sampleIndex: samples, sampleRate: Int32(rate))
        } else {
            duration = try? time(seconds: audio.duration ?? info.duration ?? 0, timeBase: audio.timeBase)
        }
        return duration.flatMap { try? Asset(path: info.path, duration: $0, hasAudio: true, hasVideo: info.firstStream(.video) != nil) }
    }

    /// Seconds as ticks of the stream's time base (exact for durations FFmpeg computed in it).
    static func time(seconds: Double, timeBase: TimeBase?) throws(MediaTimeError) -> MediaTime {
        try MediaTime(seconds: seconds, preferredTimescale: timeBase?.denominator ?? 1_000_000)
    }

    /// Decodes `samples` of `path` at `sampleRate` and hands them to `body` in mono
    /// blocks ((L + R) / 2); fewer when the file ends first.
    func forEachMonoBlock(_ path: String, samples: Range<Int64>, sampleRate: Int32,
                          _ body: (UnsafeBufferPointer<Float>) -> Void) throws(MediaIOError) {
        let decoder = try AudioDecoder(path: path, sampleRate: sampleRate)
        if samples.lowerBound > 0 { try decoder.seek(toSample: samples.lowerBound) }
        let size = 8192
        var left = [Float](repeating: 0, count: size), right = left, mono = left
        var remaining = samples.count
        while remaining > 0 {
            let wanted = min(size, remaining)
            let got = try left.withUnsafeMutableBufferPointer { l throws(MediaIOError) in
                try right.withUnsafeMutableBufferPointer { r throws(MediaIOError) in
                    try decoder.read(left: l.baseAddress!, right: r.baseAddress!, count: wanted)
                }
            }
            guard got > 0 else { return }
            for i in 0..<got { mono[i] = 0.5 * (left[i] + right[i]) }
            mono.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<got])) }
            remaining -= got
        }
    }
}
