/// A part of the mix: the clips' own audio, the voice-over takes or the music
/// beds. The one spelling of "which sound" for the project, the plan, ducking,
/// stems and the reports.
///
/// Two names are written out, each in one place: `rawValue` is the project
/// file's (`clips`, `voiceovers`, `music`, also the item names `clips[2]`), and
/// ``trackRole`` is what reports and pictures call a track of the part
/// (`clip-audio`, `voiceover`, `music`). Parts order as they rank as ducking
/// sources: the takes first.
public enum MixPart: String, Hashable, Sendable, CaseIterable, Comparable, Codable {
    /// The voice-over takes.
    case voiceovers
    /// The clips' own (camera) audio.
    case clips
    /// The music beds.
    case music

    /// The order tracks of the parts are laid out in, and reports list them in.
    public static let timelineOrder: [MixPart] = [.clips, .voiceovers, .music]

    /// An item of this part as a project file names it: `clips[2]`.
    public func itemName(_ index: Int) -> String { "\(rawValue)[\(index)]" }

    /// What a report or a picture calls a track of this part.
    public var trackRole: String {
        switch self {
        case .clips: "clip-audio"
        case .voiceovers: "voiceover"
        case .music: "music"
        }
    }

    public static func < (lhs: MixPart, rhs: MixPart) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .voiceovers: 0
        case .clips: 1
        case .music: 2
        }
    }
}
