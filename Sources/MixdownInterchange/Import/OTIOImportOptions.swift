import MixdownUnits

/// How an OTIO timeline is read into a project: which audio track is what,
/// and where media moved since the editor wrote the file.
public struct OTIOImportOptions: Hashable, Sendable {
    /// What an audio track holds.
    public enum AudioRole: String, Hashable, Sendable, CaseIterable {
        /// Voice-over takes: each item a take that ducks the music.
        case voiceover
        /// Music beds, ducked under the voice.
        case music
        /// The clips' own (camera) audio: each item plays with the clip of the
        /// same file under it on the video track.
        case clips
    }

    /// A path prefix replaced: `--relink /Volumes/Media=/srv/media`.
    public struct Relink: Hashable, Sendable {
        public var old: String
        public var new: String

        /// Reads `OLD=NEW`; both sides non-empty.
        public init(parsing text: String) throws(QuantityError) {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw QuantityError(value: MessageText.quoted(text), expected: "OLD=NEW, two path prefixes")
            }
            old = String(parts[0])
            new = String(parts[1])
        }

        public init(old: String, new: String) {
            self.old = old
            self.new = new
        }
    }

    /// Roles by audio track number, counted from 1 as editors show them (A1, A2);
    /// tracks not named take the default rule (docs/interchange.md).
    public var audioRoles: [Int: AudioRole] = [:]
    /// A folder where each missing file is looked for: by its path relative to
    /// the timeline's folder, then by its file name.
    public var mediaRoot: String?
    /// Path prefixes replaced, in order, before a file is looked for.
    public var relinks: [Relink] = []
    /// Import clips whose media is missing as silence (and the background on
    /// the video track) instead of refusing the timeline.
    public var allowMissing = false

    /// Every track by the default rule, media where the file says.
    public init() {}

}

/// What one audio track holds, as `--audio-track 2=voiceover` says.
public struct AudioTrackRole: Hashable, Sendable {
    /// The track, counted from 1 (A1).
    public var track: Int
    public var role: OTIOImportOptions.AudioRole

    /// Reads `N=voiceover|music|clips` (`A2=music` too).
    public init(parsing text: String) throws(QuantityError) {
        typealias AudioRole = OTIOImportOptions.AudioRole
        let expected = "N=ROLE, N an audio track number from 1 (A1) and ROLE one of "
            + AudioRole.allCases.map(\.rawValue).joined(separator: ", ")
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let track = Int(parts[0].drop { $0 == "A" || $0 == "a" }), track >= 1,
              let role = AudioRole(rawValue: parts[1].lowercased()) else {
            throw QuantityError(value: MessageText.quoted(text), expected: expected)
        }
        self.track = track
        self.role = role
    }
}
