import Foundation
import MixdownTime

/// Reads an OpenTimelineIO JSON file (`.otio`) into an ``OTIOTimeline``,
/// checking each value on the way: the first wrong one ends the read with its
/// JSON path and the item it belongs to.
///
/// Accepts what OpenTimelineIO 0.18 writes and reads: the schemas and versions
/// in ``knownVersions``, bare `NaN`/`Infinity` tokens, `(value, rate)` times
/// landed on exact rational times.
struct OTIOReader {
    /// The file, for messages.
    let file: String

    /// The largest timeline read; an editor's are a few megabytes.
    static let maximumFileSize = 256 << 20

    /// The versions of each schema this reader knows.
    static let knownVersions: [String: Set<Int>] = [
        "Timeline": [1], "Stack": [1], "Track": [1], "Clip": [1, 2], "Gap": [1], "Transition": [1],
        "ExternalReference": [1], "MissingReference": [1], "GeneratorReference": [1], "ImageSequenceReference": [1],
        "RationalTime": [1], "TimeRange": [1], "Marker": [1, 2], "LinearTimeWarp": [1], "FreezeFrame": [1],
        "Effect": [1], "TimeEffect": [1], "SerializableCollection": [1],
    ]

    /// Reads the timeline in `path`.
    ///
    /// - Throws: ``InterchangeError/unreadable(file:reason:)`` for a file that
    ///   cannot be read, ``InterchangeError/invalid(file:path:reason:)`` for
    ///   one that is not an OTIO timeline or holds a wrong value.
    static func read(contentsOf path: String) throws(InterchangeError) -> OTIOTimeline {
        let reader = OTIOReader(file: path)
        return try reader.timeline(from: try reader.document(try readBytes(path)))
    }

    /// Reads a timeline from bytes; `file` names it in messages.
    static func read(_ data: Data, file: String) throws(InterchangeError) -> OTIOTimeline {
        let reader = OTIOReader(file: file)
        return try reader.timeline(from: try reader.document(data))
    }

    private static func readBytes(_ path: String) throws(InterchangeError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(file: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(file: path, reason: "is a directory, not a timeline") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
           size.intValue > maximumFileSize {
            throw .invalid(file: path, path: "", reason: "a file of \(size.intValue >> 20) MB, more than any timeline (\(maximumFileSize >> 20) MB)")
        }
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(file: path, reason: "cannot be read: \(error.localizedDescription)")
        }
    }

    private func document(_ data: Data) throws(InterchangeError) -> OTIOJSON {
        switch OTIOJSON.parse(data) {
        case let .success(document): return document
        case let .failure(error): throw fail("", "not an OTIO file: it is not JSON" + (error.reason.map { " (\($0))" } ?? ""))
        }
    }

    /// An error at `path`; a key of the root (`.OTIO_SCHEMA`) loses its leading dot.
    func fail(_ path: String, _ reason: String) -> InterchangeError {
        .invalid(file: file, path: path.hasPrefix(".") ? String(path.dropFirst()) : path, reason: reason)
    }

    // MARK: Schemas

    /// The schema name of an object, its version checked: `Clip` for `"Clip.2"`.
    func schema(of fields: [String: OTIOJSON], at path: String) throws(InterchangeError) -> (name: String, version: Int) {
        guard let value = fields["OTIO_SCHEMA"] else {
            throw fail(path, "not an OTIO object: it has no OTIO_SCHEMA")
        }
        guard let text = value.string, let dot = text.lastIndex(of: "."), let version = Int(text[text.index(after: dot)...]) else {
            throw fail(path + ".OTIO_SCHEMA", "found \(value.shown), expected a schema like \"Clip.2\"")
        }
        let name = String(text[..<dot])
        if let known = Self.knownVersions[name], !known.contains(version) {
            let versions = known.sorted().map { "\(name).\($0)" }.joined(separator: " and ")
            throw fail(path + ".OTIO_SCHEMA", "unknown schema version \(text); this Mixdown reads \(versions)")
        }
        return (name, version)
    }

    func object(_ value: OTIOJSON?, at path: String, expected: String) throws(InterchangeError) -> [String: OTIOJSON] {
        guard let fields = value?.object else { throw fail(path, "found \(value?.shown ?? "nothing"), expected \(expected)") }
        return fields
    }

    func list(_ value: OTIOJSON?, at path: String) throws(InterchangeError) -> [OTIOJSON] {
        switch value {
        case nil, .null?: return []
        case let .array(elements)?: return elements
        case let other?: throw fail(path, "found \(other.shown), expected a list")
        }
    }

    // MARK: The tree

    private func timeline(from document: OTIOJSON) throws(InterchangeError) -> OTIOTimeline {
        guard let root = document.object, root["OTIO_SCHEMA"] != nil else {
            throw fail("", "not an OTIO file: expected a JSON object with \"OTIO_SCHEMA\": \"Timeline.1\"")
        }
        let schema = try schema(of: root, at: "")
        guard schema.name == "Timeline" else {
            throw fail("OTIO_SCHEMA", "found \(schema.name).\(schema.version), expected a timeline (Timeline.1); "
                + "Mixdown imports one timeline per file")
        }
        let tracksFields = try object(root["tracks"], at: "tracks", expected: "the timeline's stack of tracks (Stack.1)")
        guard try self.schema(of: tracksFields, at: "tracks").name == "Stack" else {
            throw fail("tracks", "expected a Stack.1 of tracks")
        }
        return OTIOTimeline(name: root["name"]?.string ?? "", tracks: try stack(tracksFields, at: "tracks"),
                            metadata: root["metadata"]?.object ?? [:])
    }

    private func info(_ fields: [String: OTIOJSON], at path: String) throws(InterchangeError) -> OTIOItemInfo {
        var info = OTIOItemInfo(name: fields["name"]?.string ?? "", path: path)
        if case let .bool(enabled)? = fields["enabled"] { info.enabled = enabled }
        info.markerCount = try list(fields["markers"], at: path + ".markers").count
        info.metadata = fields["metadata"]?.object ?? [:]
        for (index, element) in try list(fields["effects"], at: path + ".effects").enumerated() {
            info.effects.append(try effect(element, at: "\(path).effects[\(index)]"))
        }
        return info
    }

    private func stack(_ fields: [String: OTIOJSON], at path: String) throws(InterchangeError) -> OTIOStack {
        OTIOStack(info: try info(fields, at: path), sourceRange: try optionalRange(fields["source_range"], at: path + ".source_range"),
                  children: try children(fields, at: path))
    }

    private func children(_ fields: [String: OTIOJSON], at path: String) throws(InterchangeError) -> [OTIOComposable] {
        var result: [OTIOComposable] = []
        for (index, element) in try list(fields["children"], at: path + ".children").enumerated() {
            result.append(try composable(element, at: "\(path).children[\(index)]"))
        }
        return result
    }

    /// An item of a track or stack; a wrong value in it (not in its children)
    /// is named with the item: `clip "Interview": a negative duration`.
    private func composable(_ value: OTIOJSON, at path: String) throws(InterchangeError) -> OTIOComposable {
        let fields = try object(value, at: path, expected: "an item (Clip, Gap, Transition, Track or Stack)")
        do {
            return try item(fields, at: path)
        } catch {
            guard case let .invalid(file, errorPath, reason) = error, !errorPath.hasPrefix(path + ".children["),
                  let schema = fields["OTIO_SCHEMA"]?.string, let dot = schema.firstIndex(of: ".") else { throw error }
            let name = fields["name"]?.string ?? ""
            let kind = schema[..<dot].lowercased()
            throw .invalid(file: file, path: errorPath, reason: (name.isEmpty ? kind : "\(kind) \"\(name)\"") + ": " + reason)
        }
    }

    private func item(_ fields: [String: OTIOJSON], at path: String) throws(InterchangeError) -> OTIOComposable {
        let schema = try schema(of: fields, at: path)
        let info = try info(fields, at: path)
        let sourceRange = try optionalRange(fields["source_range"], at: path + ".source_range")
        switch schema.name {
        case "Clip":
            let media = try mediaReference(of: fields, version: schema.version, at: path)
            let rate = fields["source_range"]?.object?["duration"]?.object?["rate"]?.double.flatMap(OTIORate.init)
            return .clip(OTIOClip(info: info, sourceRange: sourceRange, media: media, rate: rate))
        case "Gap":
            return .gap(OTIOGap(info: info, duration: sourceRange?.duration ?? .zero))
        case "Transition":
            return .transition(OTIOTransition(info: info, type: fields["transition_type"]?.string ?? "",
                                              inOffset: try nonNegative(fields["in_offset"], at: path + ".in_offset"),
                                              outOffset: try nonNegative(fields["out_offset"], at: path + ".out_offset")))
        case "Track":
            let kind: OTIOTrack.Kind
            switch fields["kind"]?.string {
            case "Video"?: kind = .video
            case "Audio"?: kind = .audio
            case let other: kind = .other(other ?? "")
            }
            return .track(OTIOTrack(info: info, kind: kind, sourceRange: sourceRange, children: try children(fields, at: path)))
        case "Stack":
            return .stack(OTIOStack(info: info, sourceRange: sourceRange, children: try children(fields, at: path)))
        default:
            throw fail(path, "found a \(schema.name).\(schema.version), expected a Clip, Gap, Transition, Track or Stack")
        }
    }

    private func mediaReference(of fields: [String: OTIOJSON], version: Int, at path: String) throws(InterchangeError) -> OTIOMediaReference {
        var value = fields["media_reference"]
        var referencePath = path + ".media_reference"
        if version >= 2 {
            let references = fields["media_references"]?.object ?? [:]
            let key = fields["active_media_reference_key"]?.string ?? "DEFAULT_MEDIA"
            referencePath = "\(path).media_references.\(key)"
            value = references[key]
            if value == nil, !references.isEmpty {
                throw fail(path + ".active_media_reference_key", "names \"\(key)\", which media_references does not hold (it holds "
                    + references.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + ")")
            }
        }
        guard let value, value != .null else { return .missing(availableRange: nil) }
        let reference = try object(value, at: referencePath, expected: "a media reference")
        let schema = try schema(of: reference, at: referencePath)
        let available = try optionalRange(reference["available_range"], at: referencePath + ".available_range")
        switch schema.name {
        case "ExternalReference":
            guard let url = reference["target_url"]?.string, !url.isEmpty else {
                throw fail(referencePath + ".target_url", "found \(reference["target_url"]?.shown ?? "nothing"), expected the media's path or URL")
            }
            return .external(url: url, availableRange: available)
        case "MissingReference":
            return .missing(availableRange: available)
        case "GeneratorReference":
            return .generator(kind: reference["generator_kind"]?.string ?? "", availableRange: available)
        default:
            return .other(schema: schema.name, availableRange: available)
        }
    }

    private func effect(_ value: OTIOJSON, at path: String) throws(InterchangeError) -> OTIOEffect {
        let fields = try object(value, at: path, expected: "an effect")
        let schema = try schema(of: fields, at: path)
        let kind: OTIOEffect.Kind
        switch schema.name {
        case "LinearTimeWarp":
            let scalar = fields["time_scalar"]?.double ?? 1
            guard scalar.isFinite else {
                throw fail(path + ".time_scalar", "found \(fields["time_scalar"]?.shown ?? "nothing"), expected a finite number")
            }
            kind = .linearTimeWarp(timeScalar: scalar)
        case "FreezeFrame": kind = .freezeFrame
        default: kind = .other
        }
        let name = fields["effect_name"]?.string ?? ""
        return OTIOEffect(kind: kind, name: name.isEmpty ? schema.name : name, metadata: fields["metadata"]?.object ?? [:], path: path)
    }

    // MARK: Times

    /// A `RationalTime.1` as an exact time.
    func time(_ value: OTIOJSON?, at path: String) throws(InterchangeError) -> MediaTime {
        let fields = try object(value, at: path, expected: "a time (RationalTime.1)")
        guard let rateValue = fields["rate"]?.double, let rate = OTIORate(rateValue) else {
            throw fail(path + ".rate", "found \(fields["rate"]?.shown ?? "nothing"), expected a positive frame or sample rate")
        }
        guard let count = fields["value"]?.double, count.isFinite else {
            throw fail(path + ".value", "found \(fields["value"]?.shown ?? "nothing"), expected a finite number")
        }
        guard let time = rate.time(of: count) else {
            throw fail(path, "\(count) at \(rateValue) is too far from 0 to hold")
        }
        return time
    }

    private func nonNegative(_ value: OTIOJSON?, at path: String) throws(InterchangeError) -> MediaTime {
        guard value != nil, value != .null else { return .zero }
        let result = try time(value, at: path)
        guard result >= .zero else { throw fail(path, "a negative length (\(result.readable))") }
        return result
    }

    /// A `TimeRange.1`, or nil when absent; a negative duration is refused.
    func optionalRange(_ value: OTIOJSON?, at path: String) throws(InterchangeError) -> MediaTimeRange? {
        guard let value, value != .null else { return nil }
        let fields = try object(value, at: path, expected: "a time range (TimeRange.1)")
        let start = try time(fields["start_time"], at: path + ".start_time")
        let duration = try time(fields["duration"], at: path + ".duration")
        guard duration >= .zero else { throw fail(path + ".duration", "a negative duration (\(duration.readable))") }
        do { return try MediaTimeRange(start: start, duration: duration) } catch {
            throw fail(path, "\(start.readable) + \(duration.readable) is too far from 0 to hold")
        }
    }
}
