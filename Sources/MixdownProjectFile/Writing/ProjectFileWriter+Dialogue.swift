import MixdownAudioMix
import MixdownProject
import MixdownUnits

// The `dialogue` object: the project's settings where they differ from the
// defaults, an item's override as the fields it sets.

extension ProjectFileWriter {
    /// The project's `dialogue`: the fields that differ from the defaults.
    func dialogue(_ settings: DialogueSettings) -> [String: JSONValue] {
        let defaults = DialogueSettings()
        var override = Project.DialogueOverride()
        if settings.level != defaults.level { override.level = settings.level }
        if settings.target != defaults.target { override.target = settings.target }
        if settings.maxGain != defaults.maxGain { override.maxGain = settings.maxGain }
        if settings.cleanup.highpass != defaults.cleanup.highpass { override.highpass = .some(settings.cleanup.highpass) }
        if settings.cleanup.dehum != defaults.cleanup.dehum { override.dehum = settings.cleanup.dehum }
        if settings.cleanup.denoise != defaults.cleanup.denoise { override.denoise = .some(settings.cleanup.denoise) }
        return dialogue(override)
    }

    /// An item's `dialogue`: the fields it sets.
    func dialogue(_ override: Project.DialogueOverride) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if let level = override.level { fields[Key.Dialogue.level] = Self.name(level) }
        if let target = override.target {
            switch target {
            case .loudest: fields[Key.Dialogue.target] = .string("loudest")
            case .loudness(let level): fields[Key.Dialogue.target] = .number(level.decibels)
            }
        }
        if let maxGain = override.maxGain { fields[Key.Dialogue.maxGain] = .number(maxGain.decibels) }
        var cleanup: [String: JSONValue] = [:]
        if let highpass = override.highpass { cleanup[Key.Cleanup.highpass] = highpass.map { .number($0.hertz) } ?? .string(Key.Cleanup.off) }
        if let dehum = override.dehum {
            switch dehum {
            case .mains(let hertz): cleanup[Key.Cleanup.dehum] = .number(hertz)
            case .auto, .off: cleanup[Key.Cleanup.dehum] = .string(dehum.description)
            }
        }
        if let denoise = override.denoise { cleanup[Key.Cleanup.denoise] = denoise.map { .number($0.decibels) } ?? .string(Key.Cleanup.off) }
        if !cleanup.isEmpty { fields[Key.Dialogue.cleanup] = .object(cleanup) }
        return fields
    }
}
