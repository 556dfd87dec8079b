import MixdownAudioMix
import MixdownComposition
import MixdownMediaIO
import MixdownTime

extension Project {
    /// Probes every file and builds the composition and gain envelopes the renderer runs.
    public func plan() throws(ProjectError) -> MixPlan {
        var builder = PlanBuilder(project: self)
        return try builder.build()
    }
}

/// Turns a `Project` into a `MixPlan`, one role at a time.
struct PlanBuilder {
    let project: Project
    var composition = Composition()
    var layers: [Int: [GainLayer]] = [:]
    var warnings: [String] = []
    private var probed: [String: MediaInfo] = [:]

    init(project: Project) { self.project = project }

    mutating func build() throws(ProjectError) -> MixPlan {
        let clipTrack = try placeClips()
        let videoEnd = composition.duration
        let voiceTrack = try placeVoiceovers()
        let duration = try timelineDuration(videoEnd: clipTrack == nil ? nil : videoEnd)
        let musicTrack = try placeMusic(until: duration)
        _ = (voiceTrack, musicTrack)
        var envelopes: [Int: GainEnvelope] = [:]
        for (id, trackLayers) in layers { envelopes[id] = GainEnvelope(layers: trackLayers) }
        return MixPlan(composition: composition, envelopes: envelopes, duration: duration,
                       sampleRate: project.output.sampleRate, warnings: warnings)
    }

    // MARK: Media

    mutating func info(_ path: String, field: String) throws(ProjectError) -> MediaInfo {
        if let known = probed[path] { return known }
        let info: MediaInfo
        do { info = try MediaProbe.probe(path: path) } catch { throw .media(error) }
        if info.isTruncated {
            throw .media(.unreadableMedia(path: path, reason: "the file is truncated (its index lists more data than it holds)"))
        }
        probed[path] = info
        return info
    }

    /// The asset for an audio item: its audio stream's exact duration.
    mutating func audioAsset(_ path: String, field: String) throws(ProjectError) -> Asset {
        let info = try info(path, field: field)
        guard let audio = info.firstStream(.audio) else { throw .media(.noStream(path: path, kind: "audio")) }
        let duration: MediaTime
        if let samples = audio.sampleCount, let rate = audio.sampleRate {
            do { duration = try MediaTime(sampleIndex: samples, sampleRate: Int32(rate)) } catch { throw .time(error) }
        } else {
            duration = try time(seconds: audio.duration ?? info.duration ?? 0, timeBase: audio.timeBase, field: field)
        }
        return Asset(path: path, duration: duration, hasAudio: true, hasVideo: info.firstStream(.video) != nil)
    }

    func time(seconds: Double, timeBase: Rational, field: String) throws(ProjectError) -> MediaTime {
        let scale = timeBase.denominator > 0 && timeBase.denominator <= Int(Int32.max) ? Int32(timeBase.denominator) : 1_000_000
        do { return try MediaTime(seconds: seconds, preferredTimescale: scale) } catch { throw .time(error) }
    }

    // MARK: Roles

    /// Clips in sequence with a cursor; their own audio on the clip-audio track.
    mutating func placeClips() throws(ProjectError) -> Int? {
        guard !project.clips.isEmpty else { return nil }
        let track = composition.addTrack(mediaType: .audio, role: .clipAudio)
        var cursor = MediaTime.zero
        var volumes: [GainSegment] = []
        for (i, clip) in project.clips.enumerated() {
            let field = "clips[\(i)]"
            let info = try info(clip.path, field: field)
            guard let video = info.firstStream(.video) else { throw .media(.noStream(path: clip.path, kind: "video")) }
            let length = try time(seconds: video.duration ?? info.duration ?? 0, timeBase: video.timeBase, field: field)
            let source = try range(from: clip.inPoint ?? .zero, to: clip.outPoint ?? length, within: length, field: field)
            let timeline = try shifted(source, to: cursor)
            if info.firstStream(.audio) != nil {
                let audio = try audioAsset(clip.path, field: field)
                // The picture sets the clip's length; its audio is cut or padded to it.
                let audible = try range(from: source.start, to: min(source.end, audio.duration), within: audio.duration, field: field)
                if !audible.isEmpty { try insert(audible, of: audio, at: cursor, track: track) }
            }
            volumes.append(.constant(project.clipVolume * clip.volume, from: timeline.start, to: timeline.end))
            cursor = timeline.end
        }
        try addLayer("volume", volumes, track: track)
        return track
    }

    mutating func placeVoiceovers() throws(ProjectError) -> Int? {
        guard !project.voiceovers.isEmpty else { return nil }
        let track = composition.addTrack(mediaType: .audio, role: .voiceover)
        var volumes: [GainSegment] = []
        for (i, item) in project.voiceovers.enumerated() {
            let field = "voiceovers[\(i)]"
            let asset = try audioAsset(item.path, field: field)
            try insert(asset.timeRange, of: asset, at: item.start, track: track)
            let timeline = try shifted(asset.timeRange, to: item.start)
            volumes.append(.constant(project.voiceoverVolume * item.volume, from: timeline.start, to: timeline.end))
        }
        try addLayer("volume", volumes, track: track)
        return track
    }

    mutating func placeMusic(until end: MediaTime) throws(ProjectError) -> Int? {
        guard !project.music.isEmpty else { return nil }
        let track = composition.addTrack(mediaType: .audio, role: .music)
        var volumes: [GainSegment] = []
        for (i, item) in project.music.enumerated() {
            let field = "music[\(i)]"
            let asset = try audioAsset(item.path, field: field)
            let source = try range(from: item.inPoint ?? .zero, to: item.outPoint ?? asset.duration, within: asset.duration, field: field)
            guard !source.isEmpty else { continue }
            var at = item.start
            repeat {
                let room = try difference(end, at)
                guard room > .zero else { break }
                let piece = try range(from: source.start, to: min(source.end, try sum(source.start, room)), within: asset.duration, field: field)
                try insert(piece, of: asset, at: at, track: track)
                at = try sum(at, piece.duration)
            } while item.loop
            volumes.append(.constant(project.musicVolume * item.volume, from: item.start, to: at))
        }
        try addLayer("volume", volumes, track: track)
        return track
    }

    /// The stitched video's length; else `output.duration`; else the end of the last
    /// item, counting each music bed that does not loop to its own end.
    mutating func timelineDuration(videoEnd: MediaTime?) throws(ProjectError) -> MediaTime {
        if let videoEnd { return videoEnd }
        if let duration = project.output.duration { return duration }
        var end = composition.duration
        for (i, item) in project.music.enumerated() where !item.loop {
            let asset = try audioAsset(item.path, field: "music[\(i)]")
            let length = try difference(item.outPoint ?? asset.duration, item.inPoint ?? .zero)
            end = max(end, try sum(item.start, length))
        }
        guard end > .zero else {
            throw .invalidValue(field: "duration", reason: "the timeline is empty: give video clips, items or a duration")
        }
        return end
    }

    // MARK: Helpers

    mutating func insert(_ source: MediaTimeRange, of asset: Asset, at time: MediaTime, track: Int) throws(ProjectError) {
        do { try composition[trackID: track].insert(source, of: asset, at: time) } catch { throw .composition(error) }
    }

    mutating func addLayer(_ name: String, _ segments: [GainSegment], track: Int) throws(ProjectError) {
        do { layers[track, default: []].append(try GainLayer(name: name, segments: segments)) } catch { throw .audioMix(error) }
    }

    func range(from start: MediaTime, to end: MediaTime, within length: MediaTime, field: String) throws(ProjectError) -> MediaTimeRange {
        guard start >= .zero, start <= length else {
            throw .invalidValue(field: field + ".in", reason: "\(start) is outside the file, which lasts \(length)")
        }
        guard end >= start, end <= length else {
            throw .invalidValue(field: field + ".out", reason: "\(end) must be after the in-point \(start) and within the file's \(length)")
        }
        do { return try MediaTimeRange(start: start, end: end) } catch { throw .time(error) }
    }

    func shifted(_ range: MediaTimeRange, to start: MediaTime) throws(ProjectError) -> MediaTimeRange {
        do { return try MediaTimeRange(start: start, duration: range.duration) } catch { throw .time(error) }
    }

    func sum(_ a: MediaTime, _ b: MediaTime) throws(ProjectError) -> MediaTime {
        do { return try a + b } catch { throw .time(error) }
    }

    func difference(_ a: MediaTime, _ b: MediaTime) throws(ProjectError) -> MediaTime {
        do { return try a - b } catch { throw .time(error) }
    }
}
