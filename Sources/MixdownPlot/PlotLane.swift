import MixdownAudioMix

/// One horizontal band of the picture: the items of one role.
///
/// The clips' own audio sits on two alternating composition tracks (the A/B
/// layout that lets cuts crossfade); the picture shows them in one lane, since
/// to a user they are one thing: the sound of the clips.
struct PlotLane: Sendable {
    /// What a lane shows: the picture, or one part of the mix.
    enum Role: Hashable, Sendable {
        case video
        /// The overlay track over the picture, with the captions' cues.
        case overlays
        case audio(MixPart)

        /// Its `data-role` in the SVG: `video`, or the part's track role.
        var name: String {
            switch self {
            case .video: "video"
            case .overlays: "overlays"
            case let .audio(part): part.trackRole
            }
        }

        /// The lane's label.
        var title: String {
            switch self {
            case .video: "Video"
            case .overlays: "Overlays"
            case .audio(.clips): "Clip audio"
            case .audio(.voiceovers): "Voice-over"
            case .audio(.music): "Music"
            }
        }
    }

    var role: Role
    var items: [PlotItem]
    /// Where a duck holds the lane's tracks below unity.
    var duckRegions: [DuckedStretch]
    /// Where speech was found in the lane's items (for a duck by their signal), in timeline seconds.
    var speech: [(item: String, start: Double, end: Double)] = []
    /// The video transitions (video lane only), in timeline seconds.
    var transitions: [(kind: String, start: Double, end: Double)] = []
    /// The captions' cues (overlay lane only): the track's index and language,
    /// the cue's text on one line, and its times in timeline seconds.
    var cues: [(track: Int, language: String, text: String, start: Double, end: Double)] = []
    /// The gain drawn at the top of the lane: 1, or more when an envelope goes above unity.
    var gainTop: Double

    /// Whether an item of the lane shows the dialogue leveler's gain.
    var isLevelled: Bool { items.contains { $0.leveller != nil } }

    /// Whether the lane carries audio (waveforms, envelopes, a gain scale).
    var isAudio: Bool {
        if case .audio = role { return true }
        return false
    }

    /// Height of the lane in pixels.
    var height: Double {
        switch role {
        case .audio: 92
        case .overlays: max(46, 6 + Double(rowCount) * Self.rowHeight + Double(cueRowCount) * 9)
        case .video: 46
        }
    }

    /// Rows of items, for a lane whose items overlap in time (overlays).
    var rowCount: Int { (items.map(\.row).max() ?? 0) + 1 }

    /// Rows of cue bars: one per caption track.
    var cueRowCount: Int { cues.isEmpty ? 0 : (cues.map(\.track).max() ?? 0) + 1 }

    /// Height of one row of a lane of rows, in pixels.
    static let rowHeight = 22.0
}
