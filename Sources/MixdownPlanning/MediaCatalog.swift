import MixdownComposition
import MixdownMediaIO
import MixdownTime
internal import MixdownUnits

/// The media a project refers to, each file opened once (its streams analysed
/// once) and probed quickly (headers and the first audio frame); its audio is
/// decoded in full only when an item needs its exact length and the container
/// does not state it, and its video scanned when it is a clip, all through that
/// one opening.
struct MediaCatalog {
    private var files: [String: MediaFile] = [:]
    private var probed: [String: MediaInfo] = [:]
    /// What the probes found that plays but deserves a word (a WAV cut short), one per file.
    private(set) var warnings: [String] = []

    /// The file at `path`, opened once; again only if its video must be analysed
    /// and was not (a clip of an export that was first heard as music).
    private mutating func file(_ path: String, analysingVideo: Bool = false) throws(PlanningError) -> MediaFile {
        if let open = files[path], open.analysesVideo || !analysingVideo { return open }
        do {
            let file = try MediaFile(path: path, analysingVideo: analysingVideo)
            files[path] = file
            return file
        } catch { throw .media(error) }
    }

    /// The scans of the clips at `paths`' video packets (each file once), by path,
    /// side by side on `threads` threads: a scan reads every video packet of its
    /// file, and files are independent. With `analysingFormat` (an export's
    /// compatibility check) their formats are complete, pixel format included.
    /// The first failure in `paths`' order is thrown.
    mutating func videoClipInfos(_ paths: [String], analysingFormat: Bool, threads: Int) throws(PlanningError) -> [String: VideoClipInfo] {
        var unique: [String] = []
        for path in paths where !unique.contains(path) { unique.append(path) }
        var opened: [MediaFile] = []
        for path in unique { opened.append(try file(path, analysingVideo: analysingFormat)) }
        // Each file goes to the one thread that takes it, as MediaFile asks.
        nonisolated(unsafe) let files = opened
        do {
            let scans = try SideBySide.run(Array(files.indices), threads: threads) { n throws(MediaIOError) in try files[n].videoClipInfo() }
            return Dictionary(uniqueKeysWithValues: zip(unique, scans))
        } catch { throw .media(error) }
    }

    mutating func info(_ path: String, depth: MediaProbe.Depth = .quick) throws(PlanningError) -> MediaInfo {
        if let known = probed[path], depth == .quick || Self.isExact(known) { return known }
        let file = try file(path)
        let info: MediaInfo
        do { info = try file.probe(depth) } catch { throw .media(error) }
        if let audio = info.audioStream, audio.isTruncated, let end = audio.endSample,
           let ended = Self.time(ofSample: end, in: audio),
           let stated = try? MediaTime(seconds: audio.duration ?? info.duration ?? 0, preferredTimescale: 1000) {
            throw .media(.unreadableMedia(path: path, reason: "truncated: its audio ends at \(ended.readable), though its header says it lasts \(stated.readable)"))
        }
        if info.isTruncated {
            throw .media(.unreadableMedia(path: path, reason: "the file is truncated (its index lists more data than it holds)"))
        }
        if probed[path] == nil, let audio = info.audioStream, let stated = audio.statedSampleCount,
           let holds = audio.sampleCount ?? audio.estimatedSampleCount,
           let statedTime = Self.time(ofSample: stated, in: audio), let heldTime = Self.time(ofSample: holds, in: audio) {
            warnings.append("\(MessageText.shown(path)): its header says its audio lasts \(statedTime.readable), but the file holds "
                            + "\(heldTime.readable) of it (cut short); what is there plays")
        }
        probed[path] = info
        return info
    }

    mutating func hasAudio(_ path: String) throws(PlanningError) -> Bool {
        try info(path).audioStream != nil
    }

    /// The asset for an audio item: it lasts until the decoded audio ends, from
    /// the container's start (a decode's output sample 0), exact to the sample.
    /// Without `exact`, the container's estimate may stand in (a bed that runs
    /// well past the timeline's end); the audio is decoded in full to count it
    /// only where the container does not state its length exactly.
    mutating func audioAsset(_ path: String, exact: Bool = true) throws(PlanningError) -> Asset {
        var info = try info(path)
        if !Self.isExact(info), exact || info.audioStream?.estimatedSampleCount == nil {
            info = try self.info(path, depth: .audio)
        }
        guard let asset = Self.audioAsset(info) else { throw .media(.noStream(path: path, kind: "audio")) }
        return asset
    }

    private static func isExact(_ info: MediaInfo) -> Bool {
        info.audioStream.map { $0.sampleCount != nil } ?? true
    }

    /// The audio asset of a file already probed, or nil.
    func known(_ path: String) -> Asset? {
        probed[path].flatMap(Self.audioAsset)
    }

    private static func audioAsset(_ info: MediaInfo) -> Asset? {
        guard let audio = info.audioStream, let count = audio.sampleCount ?? audio.estimatedSampleCount,
              let duration = time(ofSample: (audio.firstSample ?? 0) + count, in: audio)
        else { return nil }
        return try? Asset(path: info.path, duration: duration, hasAudio: true, hasVideo: info.firstStream(.video) != nil)
    }

    /// The time of sample `index` of `audio` on a decoder's axis, which counts at
    /// the stream's own rate (a file's, which may lie outside `SampleRate.range`);
    /// nil without a rate.
    private static func time(ofSample index: Int64, in audio: StreamInfo) -> MediaTime? {
        guard let rate = audio.sampleRate.flatMap(Int32.init(exactly:)) else { return nil }
        return try? TimeBase(sampleRate: rate).time(ticks: index)
    }

    /// Reads `count` samples from `source` and hands them to `body` in mono
    /// blocks ((L + R) / 2); fewer when the file ends first.
    static func forEachMonoBlock(_ source: any AudioSampleSource, count: Int,
                                         _ body: (UnsafeBufferPointer<Float>) -> Void) throws(MediaIOError) {
        let size = 8192
        var mono = [Float](repeating: 0, count: size)
        try source.forEachBlock(frames: Int64(count), blockSize: size) { block in
            let left = block.left, right = block.right
            for i in 0..<block.count { mono[i] = 0.5 * (left[i] + right[i]) }
            mono.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<block.count])) }
        }
    }
}
