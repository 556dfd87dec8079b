import MixdownAudioMix

extension Project {
    /// A media file a project refers to, with the JSON path that names it.
    public struct MediaReference: Hashable, Sendable {
        /// The file as the project holds it (resolved against the project's folder when loaded).
        public var path: String
        /// Where the project names it, like `clips[0].path`.
        public var jsonPath: String

        /// Makes a reference to `path`, named at `jsonPath`.
        public init(path: String, jsonPath: String) {
            self.path = path
            self.jsonPath = jsonPath
        }
    }

    /// Every media file the project refers to, in document order (clips,
    /// voice-overs, music, overlay images, caption files; gaps name none), once per mention: so a
    /// command can check they all exist before any work starts and name every
    /// missing one at once.
    public var mediaPaths: [MediaReference] {
        clips.enumerated().compactMap { index, clip in
            clip.isGap ? nil : MediaReference(path: clip.path, jsonPath: MixPart.clips.itemName(index) + ".path")
        }
            + references(voiceovers, of: .voiceovers) + references(music, of: .music)
            + overlays.enumerated().compactMap { index, overlay in
                guard case let .image(path) = overlay.content else { return nil }
                return MediaReference(path: path, jsonPath: "overlays[\(index)].image")
            }
            + captions.enumerated().map { MediaReference(path: $1.path, jsonPath: "captions[\($0)].file") }
    }

    private func references(_ items: [some TimelineItem], of part: MixPart) -> [MediaReference] {
        items.enumerated().map { MediaReference(path: $1.path, jsonPath: part.itemName($0) + ".path") }
    }
}
