import Foundation
import MixdownComposition
import MixdownTime

/// Writes a `TimelineLayout` as Final Cut Pro 7 XML (xmeml version 5), as
/// Premiere, Resolve and OTIO's `fcp_xml` adapter read it: times in whole frames
/// of the sequence's rate, dissolves as "Cross Dissolve", the clips' audio
/// crossfades as "Cross Fade (+3dB)", and each audio clip's gain as "Audio
/// Levels" keyframes (docs/interchange.md, "FCP 7 XML").
struct FCP7XMLWriter {
    let layout: TimelineLayout
    let name: String

    /// Premiere's largest Audio Levels value: +12 dB.
    static let maximumLevel = 3.98109

    func document() -> String {
        var xml = XMLText()
        var files = FileIDs()
        xml.element("xmeml", [("version", "5")]) { xml in
            xml.element("sequence", [("id", "sequence-1")]) { xml in
                xml.leaf("name", name)
                xml.leaf("duration", String(frame(layout.duration)))
                rate(&xml)
                xml.element("timecode") { xml in
                    rate(&xml)
                    xml.leaf("string", "00:00:00:00")
                    xml.leaf("frame", "0")
                    xml.leaf("displayformat", "NDF")
                }
                xml.element("media") { xml in
                    xml.element("video") { xml in
                        if let size = layout.pictureSize {
                            xml.element("format") { xml in
                                xml.element("samplecharacteristics") { xml in
                                    rate(&xml)
                                    xml.leaf("width", String(size.width))
                                    xml.leaf("height", String(size.height))
                                    xml.leaf("pixelaspectratio", "square")
                                    xml.leaf("anamorphic", "FALSE")
                                }
                            }
                        }
                        for track in layout.tracks where track.kind == .video { self.track(track, into: &xml, files: &files) }
                    }
                    xml.element("audio") { xml in
                        xml.leaf("numOutputChannels", "2")
                        xml.element("format") { xml in
                            xml.element("samplecharacteristics") { xml in
                                xml.leaf("depth", "24")
                                xml.leaf("samplerate", String(layout.sampleRate.hertz))
                            }
                        }
                        for track in layout.tracks where track.kind == .audio { self.track(track, into: &xml, files: &files) }
                    }
                }
            }
        }
        return xml.text
    }

    /// The `<rate>` of the sequence: FCP's timebase (the whole frames per
    /// second, rounded up) and whether it is the NTSC rate 1000/1001 of it.
    private func rate(_ xml: inout XMLText) {
        let rate = layout.frameRate
        let timebase = (rate.numerator + rate.denominator - 1) / rate.denominator
        xml.element("rate") { xml in
            xml.leaf("timebase", String(timebase))
            xml.leaf("ntsc", rate.denominator == 1 ? "FALSE" : "TRUE")
        }
    }

    /// The frame `time` falls on, rounded half up.
    private func frame(_ time: MediaTime) -> Int64 { layout.frameRate.count(of: time) }

    private func track(_ track: TimelineLayout.Track, into xml: inout XMLText, files: inout FileIDs) {
        xml.element("track") { xml in
            // A gap is empty track; a transition beside one is left out (the clip plays to its edge).
            let isGap = { (k: Int) in track.items.indices.contains(k) && track.items[k].isGap }
            for (k, item) in track.items.enumerated() where !item.isGap {
                let into = isGap(k - 1) ? nil : track.transitions[k]
                let out = isGap(k + 1) ? nil : track.transitions[k + 1]
                if let into { transitionItem(into, audio: track.kind == .audio, into: &xml) }
                clipItem(item, number: Self.clipNumber(k, in: track), track: track, transitionIn: into, transitionOut: out, into: &xml, files: &files)
            }
            xml.leaf("enabled", "TRUE")
            xml.leaf("locked", "FALSE")
        }
    }

    private func clipItem(_ item: TimelineLayout.Item, number: Int, track: TimelineLayout.Track, transitionIn: TimelineLayout.Transition?,
                          transitionOut: TimelineLayout.Transition?, into xml: inout XMLText, files: inout FileIDs) {
        let audio = track.kind == .audio
        // Without a transition, the clip's edge is where it plays; beside one, -1 (the
        // transition's cut), with the media under the transition as handle.
        let startFrame = frame(item.timeline.start)
        let sourceStart = frame(item.source.start)
        let start = transitionIn == nil ? startFrame : -1
        let end = transitionOut == nil ? frame(item.timeline.end) : -1
        let inPoint = sourceStart
        let outPoint = transitionOut == nil ? sourceStart + (frame(item.timeline.end) - startFrame) : frame(item.source.end)
        xml.element("clipitem", [("id", Self.clipID(track: track, number: number))]) { xml in
            xml.leaf("name", MediaURL.fileName(item.path))
            xml.leaf("enabled", "TRUE")
            xml.leaf("duration", String(item.mediaDuration.map(frame) ?? (outPoint - inPoint)))
            rate(&xml)
            xml.leaf("start", String(start))
            xml.leaf("end", String(end))
            xml.leaf("in", String(inPoint))
            xml.leaf("out", String(outPoint))
            file(item, audio: audio, into: &xml, files: &files)
            // A clip's picture and its audio are linked, so an editor moves them together.
            if item.part == .clips && item.repetition == nil {
                for link in links(ofClip: item.index) {
                    xml.element("link") { xml in
                        xml.leaf("linkclipref", link.id)
                        xml.leaf("mediatype", link.audio ? "audio" : "video")
                        xml.leaf("trackindex", "1")
                        xml.leaf("clipindex", String(link.number + 1))
                    }
                }
            }
            if audio {
                xml.element("sourcetrack") { xml in
                    xml.leaf("mediatype", "audio")
                    xml.leaf("trackindex", "1")
                }
                // The crossfades across transitions are the transition items'; the rest of the gain is the keyframes'.
                let crossfades = [transitionIn, transitionOut].compactMap { $0?.overlap }
                levels(item, crossfades: crossfades, sourceOffset: sourceStart - startFrame, into: &xml)
            }
        }
    }

    /// The clipitem id of the `number`-th clip of `track`: `V1-1`, `A1-2`, `Music-3`.
    private static func clipID(track: TimelineLayout.Track, number: Int) -> String {
        "\(track.name.isEmpty ? "track" : track.name)-\(number + 1)".replacingOccurrences(of: " ", with: "-")
    }

    /// Item `k`'s place among the track's clipitems: its items but the gaps.
    private static func clipNumber(_ k: Int, in track: TimelineLayout.Track) -> Int {
        track.items[..<k].filter { !$0.isGap }.count
    }

    /// The clipitems of clip `index` on V1 and A1 (its picture and its audio).
    private func links(ofClip index: Int) -> [(id: String, audio: Bool, number: Int)] {
        var links: [(id: String, audio: Bool, number: Int)] = []
        for track in layout.tracks where track.part == .clips || track.kind == .video {
            if let k = track.items.firstIndex(where: { $0.index == index && !$0.isGap }) {
                let number = Self.clipNumber(k, in: track)
                links.append((Self.clipID(track: track, number: number), track.kind == .audio, number))
            }
        }
        return links.count > 1 ? links : []
    }

    private func file(_ item: TimelineLayout.Item, audio: Bool, into xml: inout XMLText, files: inout FileIDs) {
        let (id, isNew) = files.id(for: item.path)
        guard isNew else {
            xml.leaf("file", "", [("id", id)])
            return
        }
        xml.element("file", [("id", id)]) { xml in
            xml.leaf("name", MediaURL.fileName(item.path))
            xml.leaf("pathurl", "file://localhost" + MediaURL.encodedPath(item.path))
            rate(&xml)
            if let duration = item.mediaDuration { xml.leaf("duration", String(frame(duration))) }
            xml.element("media") { xml in
                if !audio { xml.leaf("video", "") }
                xml.element("audio") { xml in
                    xml.leaf("channelcount", "2")
                }
            }
        }
    }

    /// The item's gain as Audio Levels keyframes: linear gain (1 is 0 dB) at
    /// frames of the clip's media (`when` counts as `in` and `out` do), exact at
    /// each frame, a frame either side of each bend, and enough between that a
    /// straight line in linear gain stays within 0.05 dB of Mixdown's curve.
    private func levels(_ item: TimelineLayout.Item, crossfades: [MediaTimeRange], sourceOffset: Int64, into xml: inout XMLText) {
        let points = item.gainPoints(rate: layout.frameRate, interpolation: .linear, without: crossfades)
        xml.element("filter") { xml in
            xml.element("effect") { xml in
                xml.leaf("name", "Audio Levels")
                xml.leaf("effectid", "audiolevels")
                xml.leaf("effectcategory", "audiolevels")
                xml.leaf("effecttype", "audiolevels")
                xml.leaf("mediatype", "audio")
                xml.element("parameter") { xml in
                    xml.leaf("parameterid", "level")
                    xml.leaf("name", "Level")
                    xml.leaf("valuemin", "0")
                    xml.leaf("valuemax", String(Self.maximumLevel))
                    xml.leaf("value", Self.level(points.first?.gain ?? 1))
                    if points.count > 1 || points.first.map({ $0.gain != 1 }) == true {
                        for point in points {
                            xml.element("keyframe") { xml in
                                xml.leaf("when", String(point.tick + sourceOffset))
                                xml.leaf("value", Self.level(point.gain))
                            }
                        }
                    }
                }
            }
        }
    }

    /// A gain as Audio Levels writes it, at most +12 dB.
    private static func level(_ gain: Double) -> String {
        String(min(max(gain, 0), maximumLevel))
    }

    private func transitionItem(_ transition: TimelineLayout.Transition, audio: Bool, into xml: inout XMLText) {
        xml.element("transitionitem") { xml in
            xml.leaf("start", String(frame(transition.overlap.start)))
            xml.leaf("end", String(frame(transition.overlap.end)))
            xml.leaf("alignment", "center")
            rate(&xml)
            xml.element("effect") { xml in
                if audio {
                    xml.leaf("name", "Cross Fade (+3dB)")
                    xml.leaf("effectid", "KGAudioTransCrossFade3dB")
                    xml.leaf("effecttype", "transition")
                    xml.leaf("mediatype", "audio")
                } else {
                    let dip = transition.kind == .fadeThrough
                    xml.leaf("name", dip ? "Dip to Color Dissolve" : "Cross Dissolve")
                    xml.leaf("effectid", dip ? "Dip to Color Dissolve" : "Cross Dissolve")
                    xml.leaf("effectcategory", "Dissolve")
                    xml.leaf("effecttype", "transition")
                    xml.leaf("mediatype", "video")
                }
            }
        }
    }
}
