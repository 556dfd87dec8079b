import MixdownAudioMix
import MixdownUnits

extension Project {
    /// An item's own dialogue settings (`voiceovers[].dialogue`, `clips[].dialogue`):
    /// each field set replaces the project's (``Project/dialogue``), the rest are
    /// the project's.
    public struct DialogueOverride: Hashable, Sendable {
        /// How the item is levelled.
        public var level: DialogueSettings.Level?
        /// The loudness its speech is brought to.
        public var target: DialogueTarget?
        /// How far levelling moves it.
        public var maxGain: LevelerRange?
        /// Its rumble filter: `.some(nil)` turns the project's off.
        public var highpass: HighpassFrequency??
        /// Its hum removal.
        public var dehum: Dehum?
        /// Its noise reduction: `.some(nil)` turns the project's off.
        public var denoise: NoiseReduction??

        /// An override that changes nothing.
        public init() {}

        /// `settings` with this override's fields in place of theirs.
        public func applied(to settings: DialogueSettings) -> DialogueSettings {
            var result = settings
            if let level { result.level = level }
            if let target { result.target = target }
            if let maxGain { result.maxGain = maxGain }
            if let highpass { result.cleanup.highpass = highpass }
            if let dehum { result.cleanup.dehum = dehum }
            if let denoise { result.cleanup.denoise = denoise }
            return result
        }

        /// Whether it changes nothing.
        public var isEmpty: Bool { self == DialogueOverride() }
    }

    /// The dialogue settings of voice-over take `index`: the project's, with the take's own over them.
    public func dialogue(ofVoiceover index: Int) -> DialogueSettings {
        voiceovers[index].dialogue.map { $0.applied(to: dialogue) } ?? dialogue
    }

    /// The dialogue settings of clip `index`'s own audio: the project's, with the clip's own over them.
    public func dialogue(ofClip index: Int) -> DialogueSettings {
        clips[index].dialogue.map { $0.applied(to: dialogue) } ?? dialogue
    }

    /// This project with no dialogue cleanup anywhere (the project's, and every
    /// item's own turned off); levelling stays as asked.
    public var withoutDialogueCleanup: Project {
        var project = self
        project.dialogue.cleanup = .none
        for i in project.clips.indices where project.clips[i].dialogue != nil {
            project.clips[i].dialogue?.removeCleanup()
        }
        for i in project.voiceovers.indices where project.voiceovers[i].dialogue != nil {
            project.voiceovers[i].dialogue?.removeCleanup()
        }
        return project
    }

    /// Whether any item is cleaned.
    public var cleansDialogue: Bool {
        clips.indices.contains { dialogue(ofClip: $0).cleanup.isActive }
            || voiceovers.indices.contains { dialogue(ofVoiceover: $0).cleanup.isActive }
    }
}

extension Project.DialogueOverride {
    /// Turns off every cleanup this override asks for.
    mutating func removeCleanup() {
        highpass = .some(nil)
        dehum = .off
        denoise = .some(nil)
    }
}
