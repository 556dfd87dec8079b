import Foundation
import MixdownTestSupport

/// OpenTimelineIO's own Python library (PyPI `opentimelineio`, a test oracle)
/// reading the same file: where it places each clip, at 48 kHz samples.
enum OTIOOracle {
    struct Placements: Decodable {
        /// `[name, start, end]` of each clip of the video tracks flattened by `flatten_stack`.
        var video: [[Entry]]
        /// `[track, name, start, end]` of each clip of each audio track (A1 = 1).
        var audio: [[Entry]]
        /// `[track, name, start, end]` of each clip of each video track (V1 = 1),
        /// where it plays in the timeline before flattening.
        var videoTracks: [[Entry]]
        /// The file names of every external reference.
        var media: [String]
    }

    enum Entry: Decodable, Equatable, CustomStringConvertible {
        case number(Int64)
        case text(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int64.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
        }

        var description: String {
            switch self {
            case let .number(value): return String(value)
            case let .text(text): return text
            }
        }
    }

    static let script = #"""
import sys, json, os
from fractions import Fraction
from urllib.parse import unquote, urlparse
import opentimelineio as otio

def samples(rt):
    value = Fraction(rt.value).limit_denominator(10**6) * 48000 / Fraction(rt.rate).limit_denominator(1001)
    return int((value + Fraction(1, 2)) // 1)

t = otio.adapters.read_from_file(sys.argv[1])
out = {"video": [], "videoTracks": [], "audio": [], "media": []}
videos = [tr for tr in t.tracks if isinstance(tr, otio.schema.Track) and tr.kind == otio.schema.TrackKind.Video]
if videos:
    flat = otio.algorithms.flatten_stack(videos)
    for item in flat:
        if isinstance(item, otio.schema.Clip):
            r = item.trimmed_range_in_parent()
            out["video"].append([item.name, samples(r.start_time), samples(r.end_time_exclusive())])
for number, track in enumerate(videos, start=1):
    for clip in track.find_clips():
        if clip.enabled:
            r = clip.transformed_time_range(clip.trimmed_range(), t.tracks)
            out["videoTracks"].append([number, clip.name, samples(r.start_time), samples(r.end_time_exclusive())])
audios = [tr for tr in t.tracks if isinstance(tr, otio.schema.Track) and tr.kind == otio.schema.TrackKind.Audio]
for number, track in enumerate(audios, start=1):
    for clip in track.find_clips():
        r = clip.transformed_time_range(clip.trimmed_range(), t.tracks)
        out["audio"].append([number, clip.name, samples(r.start_time), samples(r.end_time_exclusive())])
for clip in t.find_clips():
    ref = clip.media_reference
    if isinstance(ref, otio.schema.ExternalReference):
        path = unquote(urlparse(ref.target_url).path) if ref.target_url.startswith("file:") else ref.target_url
        out["media"].append(os.path.basename(path))
print(json.dumps(out))
"""#

    /// Where OpenTimelineIO places the clips of the timeline in `path`.
    static func placements(_ path: String) throws -> Placements {
        try JSONDecoder().decode(Placements.self, from: try Tool.run("python3", ["-c", script, path]))
    }
}
