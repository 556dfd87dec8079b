import MixdownAudioMix
import MixdownProject
import MixdownTime
import MixdownUnits

/// The audio tracks: the clips' own audio, voice-over takes and music beds.
extension OTIOImport {
    /// A dialogue-like item lasts less than this: a take, a line, not a bed.
    static let dialogueLength = MediaTime.milliseconds(30_000)

    /// Places each audio track's items by its role (``OTIOImportOptions/audioRoles``
    /// or the default rule), with the volumes the editor set.
    mutating func mapAudio(_ tracks: [PlacedTrack], video entries: [VideoEntry], into project: inout Project) throws(InterchangeError) {
        if let number = options.audioRoles.keys.filter({ $0 > tracks.count }).min() {
            throw .invalid(file: file, path: "", reason: "--audio-track \(number): the timeline has \(tracks.count) audio track\(tracks.count == 1 ? "" : "s")")
        }
        let roles = defaultRoles(tracks, video: entries).enumerated().map { options.audioRoles[$0.offset + 1] ?? $0.element }
        let namespace = MixdownNamespace(reader: reader)
        var clipsWithAudio = Set<Int>()
        var voiceovers: [(index: Int?, take: Project.Voiceover)] = []
        var music: [(index: Int?, bed: Project.Music)] = []
        for (number, track) in tracks.enumerated() {
            let label = "A\(number + 1)"
            for piece in track.pieces {
                guard case let .clip(clip, source) = piece.content else {
                    if case let .gap(info?) = piece.content, !info.enabled {
                        notes.append("\(label) \(info.named("clip")) at \(piece.timeline.start.readable): disabled in the timeline, so not played")
                        placements.append(placement(of: piece, on: label, role: "disabled", path: nil))
                    }
                    continue
                }
                let carried = MixdownNamespace.item(of: clip)
                if carried?.part == "clips" {
                    // A Mixdown clip's own audio, mirrored for the editor: it plays with its clip.
                    if case let .external(url, _) = clip.media, let path = resolver.resolve(url).path,
                       let match = Self.clipIndex(of: path, at: piece.timeline, in: entries) {
                        clipsWithAudio.insert(match)
                    }
                    placements.append(placement(of: piece, on: label, role: "clip audio", path: nil))
                    continue
                }
                guard let path = try media(of: clip, at: piece.timeline.start, playsAs: "silence") else {
                    placements.append(placement(of: piece, on: label, role: "silent", path: nil))
                    continue
                }
                let mediaStart = clip.media.availableRange?.start ?? .zero
                let levels = self.levels(of: clip, at: piece, source: source)
                var item = Project.Item(path: path)
                do {
                    item.inPoint = try source.start - mediaStart
                    item.outPoint = try source.end - mediaStart
                } catch { throw reader.fail(clip.info.path, "a time out of range (\(error))") }
                let index = clip.info.metadata["mixdown"]?.object?["index"]?.double.map(Int.init)
                var role = roles[number]
                if let carried { role = carried.part == "music" ? .music : .voiceover }
                switch role {
                case .clips:
                    if let match = Self.clipIndex(of: path, at: piece.timeline, in: entries), !clipsWithAudio.contains(match) {
                        clipsWithAudio.insert(match)
                        project.clips[match].volume = levels.volume ?? project.clips[match].volume
                        project.clips[match].automation = levels.ramps
                        if piece.timeline != entries[match].timeline {
                            notes.append("\(label) \(clip.info.named("clip")): its audio plays \(piece.timeline.start.readable)–\(piece.timeline.end.readable), "
                                + "its picture \(entries[match].timeline.start.readable)–\(entries[match].timeline.end.readable): Mixdown plays a clip's audio with its picture")
                        }
                        placements.append(placement(of: piece, on: label, role: "clip audio", path: path))
                        continue
                    }
                    notes.append("\(label) \(clip.info.named("clip")): under no clip of the same file on the video track: imported as a voice-over take that does not duck")
                    var take = Project.Voiceover(path: path, start: piece.timeline.start)
                    take.item = levels.applied(to: item)
                    take.ducks = false
                    voiceovers.append((nil, take))
                    placements.append(placement(of: piece, on: label, role: "voiceover", path: path))
                case .voiceover:
                    var take = try namespace.voiceover(of: clip) ?? Project.Voiceover(path: path, start: piece.timeline.start)
                    take.item = carried == nil ? levels.applied(to: item) : Self.placed(take.item, like: item)
                    if carried != nil { take.automation = try shifted(take.automation, from: take.start, to: piece.timeline.start, item: clip) }
                    take.start = piece.timeline.start
                    voiceovers.append((index, take))
                    placements.append(placement(of: piece, on: label, role: "voiceover", path: path))
                case .music:
                    var bed = try namespace.music(of: clip) ?? Project.Music(path: path)
                    if bed.loop, let index, music.contains(where: { $0.index == index }) {
                        // A looping bed's repeats: the bed plays them itself.
                        placements.append(placement(of: piece, on: label, role: "music", path: path))
                        continue
                    }
                    bed.item = carried == nil ? levels.applied(to: item) : Self.placed(bed.item, like: item)
                    if carried != nil { bed.automation = try shifted(bed.automation, from: bed.start, to: piece.timeline.start, item: clip) }
                    bed.start = piece.timeline.start
                    if bed.loop { bed.outPoint = nil }
                    music.append((index, bed))
                    placements.append(placement(of: piece, on: label, role: "music", path: path))
                }
            }
        }
        project.voiceovers = voiceovers.sorted { ($0.index ?? Int.max, $0.take.start) < ($1.index ?? Int.max, $1.take.start) }.map(\.take)
        project.music = music.sorted { ($0.index ?? Int.max, $0.bed.start) < ($1.index ?? Int.max, $1.bed.start) }.map(\.bed)
        // In an editor, a clip's picture brings no sound: only what the audio tracks hold plays.
        guard !tracks.isEmpty else { return }
        let silent = project.clips.indices.filter { !project.clips[$0].isGap && !clipsWithAudio.contains($0) }
        for index in silent { project.clips[index].volume = (try? Gain(factor: 0)) ?? .unity }
        if !silent.isEmpty {
            notes.append("\(silent.count) clip\(silent.count == 1 ? "" : "s") with no audio on any audio track: "
                + "\(silent.count == 1 ? "its" : "their") own audio muted (--audio-track N=clips names the track holding it)")
        }
    }

    /// Automation (in timeline time) moved with its item, when the editor moved
    /// it: from where Mixdown's metadata put it to where the track does. Less than
    /// a microsecond apart is where it was (a project file's times are rounded to
    /// the nanosecond), so an untouched item keeps its ramps to the sample.
    func shifted(_ ramps: [VolumeRamp], from old: MediaTime, to new: MediaTime, item clip: OTIOClip) throws(InterchangeError) -> [VolumeRamp] {
        do {
            let offset = try new - old
            guard !ramps.isEmpty, offset >= .microseconds(1) || offset <= .microseconds(-1) else { return ramps }
            var moved = ramps
            for index in moved.indices { moved[index].timeRange = try moved[index].timeRange.shifted(by: offset) }
            return moved
        } catch {
            throw reader.fail(clip.info.path, "its automation cannot move with it (\(error))")
        }
    }

    /// `item` with the file and trims of `placed`: the tracks say where, the metadata how.
    static func placed(_ item: Project.Item, like placed: Project.Item) -> Project.Item {
        var item = item
        item.path = placed.path
        item.inPoint = placed.inPoint
        item.outPoint = placed.outPoint
        return item
    }

    /// The default roles: a track whose items mostly lie under clips of the same
    /// file is the clips' audio; of the others, the one with the most
    /// dialogue-like items (shorter than ``dialogueLength``) holds the
    /// voice-over (a clip going on from the one before it in the same file counts
    /// with it: a bed's repeats are one bed); the rest hold music. Items Mixdown
    /// wrote say their part.
    func defaultRoles(_ tracks: [PlacedTrack], video entries: [VideoEntry]) -> [OTIOImportOptions.AudioRole] {
        var roles: [OTIOImportOptions.AudioRole] = []
        var dialogue: [Int] = []
        for track in tracks {
            let clips = track.pieces.compactMap { piece -> (OTIOClip, MediaTimeRange)? in piece.clip.map { ($0, piece.timeline) } }
            let parts = clips.compactMap { MixdownNamespace.item(of: $0.0)?.part }
            if let part = parts.first {
                roles.append(part == "clips" ? .clips : part == "music" ? .music : .voiceover)
                dialogue.append(-1)
                continue
            }
            let underClips = clips.filter { clip, timeline in
                guard case let .external(url, _) = clip.media, let path = resolver.resolve(url).path else { return false }
                return Self.clipIndex(of: path, at: timeline, in: entries) != nil
            }.count
            if !clips.isEmpty, underClips * 2 >= clips.count {
                roles.append(.clips)
                dialogue.append(-1)
            } else {
                roles.append(.music)
                dialogue.append(Self.joined(clips).filter { $0.duration < Self.dialogueLength }.count)
            }
        }
        if let best = dialogue.indices.max(by: { dialogue[$0] < dialogue[$1] || (dialogue[$0] == dialogue[$1] && $0 > $1) }),
           dialogue[best] > 0, !roles.contains(.voiceover) {
            roles[best] = .voiceover
        }
        return roles
    }

    /// The stretches the clips play, a clip that goes on from the last one (the
    /// same file, where it ended: a bed's repeats, a take split in two) joined to it.
    static func joined(_ clips: [(OTIOClip, MediaTimeRange)]) -> [MediaTimeRange] {
        var stretches: [MediaTimeRange] = []
        var lastURL: String?
        for (clip, timeline) in clips {
            var url: String?
            if case let .external(target, _) = clip.media { url = target }
            if let last = stretches.last, url != nil, url == lastURL, last.end == timeline.start,
               let joined = try? MediaTimeRange(start: last.start, end: timeline.end) {
                stretches[stretches.count - 1] = joined
            } else {
                stretches.append(timeline)
            }
            lastURL = url
        }
        return stretches
    }

    /// The video entry of the same file that overlaps `timeline` most.
    static func clipIndex(of path: String, at timeline: MediaTimeRange, in entries: [VideoEntry]) -> Int? {
        var best: (index: Int, overlap: MediaTime)?
        for (index, entry) in entries.enumerated() where entry.path == path {
            let start = max(entry.timeline.start, timeline.start), end = min(entry.timeline.end, timeline.end)
            guard start < end, let overlap = try? end - start else { continue }
            if best.map({ overlap > $0.overlap }) ?? true { best = (index, overlap) }
        }
        return best?.index
    }

    func placement(of piece: PlacedPiece, on track: String, role: String, path: String?) -> ImportedTimeline.Placement {
        ImportedTimeline.Placement(track: track, name: Self.name(of: piece), role: role, path: path,
                                   timeline: piece.timeline, jsonPath: Self.jsonPath(of: piece))
    }
}
