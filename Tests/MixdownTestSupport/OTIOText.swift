import Foundation

/// Small OpenTimelineIO documents written as an editor would, for tests.
public enum OTIOText {
    public static func time(_ value: Double, _ rate: Double = 24) -> String {
        #"{"OTIO_SCHEMA": "RationalTime.1", "value": \#(value), "rate": \#(rate)}"#
    }

    public static func range(_ start: Double, _ duration: Double, _ rate: Double = 24) -> String {
        #"{"OTIO_SCHEMA": "TimeRange.1", "start_time": \#(time(start, rate)), "duration": \#(time(duration, rate))}"#
    }

    public static func external(_ url: String, available: String? = nil) -> String {
        #"{"OTIO_SCHEMA": "ExternalReference.1", "target_url": "\#(url)", "available_range": \#(available ?? "null"), "metadata": {}}"#
    }

    public static func clip(_ name: String, source: String?, media: String, effects: String = "[]", metadata: String = "{}", schema: String = "Clip.2") -> String {
        #"""
        {"OTIO_SCHEMA": "\#(schema)", "name": "\#(name)", "source_range": \#(source ?? "null"), "effects": \#(effects), "markers": [],
         "enabled": true, "metadata": \#(metadata), "active_media_reference_key": "DEFAULT_MEDIA",
         "media_references": {"DEFAULT_MEDIA": \#(media)}}
        """#
    }

    public static func gap(_ duration: Double, _ rate: Double = 24) -> String {
        #"{"OTIO_SCHEMA": "Gap.1", "name": "", "source_range": \#(range(0, duration, rate)), "effects": [], "markers": [], "metadata": {}}"#
    }

    public static func dissolve(in inOffset: Double, out outOffset: Double, _ rate: Double = 24) -> String {
        #"""
        {"OTIO_SCHEMA": "Transition.1", "name": "Dissolve", "transition_type": "SMPTE_Dissolve",
         "in_offset": \#(time(inOffset, rate)), "out_offset": \#(time(outOffset, rate)), "metadata": {}}
        """#
    }

    public static func track(_ kind: String, _ children: [String], name: String = "") -> String {
        #"""
        {"OTIO_SCHEMA": "Track.1", "name": "\#(name)", "kind": "\#(kind)", "source_range": null, "effects": [], "markers": [],
         "enabled": true, "metadata": {}, "children": [\#(children.joined(separator: ",\n"))]}
        """#
    }

    public static func timeline(_ tracks: [String], metadata: String = "{}", schema: String = "Timeline.1") -> String {
        #"""
        {"OTIO_SCHEMA": "\#(schema)", "name": "test", "global_start_time": null, "metadata": \#(metadata),
         "tracks": {"OTIO_SCHEMA": "Stack.1", "name": "tracks", "source_range": null, "effects": [], "markers": [], "enabled": true,
                    "metadata": {}, "children": [\#(tracks.joined(separator: ",\n"))]}}
        """#
    }
}
