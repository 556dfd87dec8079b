import MixdownAudioMix
import MixdownProject
import MixdownUnits

// The `dialogue` object: the project's settings, or an item's over them; one
// reading for both, so the two accept the same values.

extension ProjectFileReader {
    /// The project's `dialogue`: the defaults with the object's fields over them.
    func dialogue(_ value: Any, at path: JSONPath) -> DialogueSettings? {
        dialogueOverride(value, at: path).map { $0.applied(to: DialogueSettings()) }
    }

    /// A `dialogue` object as the fields it sets.
    func dialogueOverride(_ value: Any, at path: JSONPath) -> Project.DialogueOverride? {
        let example = #"{"level": "adaptive", "cleanup": {"denoise": 12}}"#
        guard let fields = object(value, at: path, known: Key.Dialogue.known, example: example) else { return nil }
        var dialogue = Project.DialogueOverride()
        dialogue.level = read(fields, Key.Dialogue.level, at: path, as: { self.choice($0, at: $1) as DialogueSettings.Level? })
        dialogue.target = read(fields, Key.Dialogue.target, at: path, as: dialogueTarget)
        dialogue.maxGain = read(fields, Key.Dialogue.maxGain, at: path, as: decibels)
        if let cleanup = read(fields, Key.Dialogue.cleanup, at: path, as: cleanupFields) {
            let cleanupPath = path.appending(Key.Dialogue.cleanup)
            dialogue.highpass = read(cleanup, Key.Cleanup.highpass, at: cleanupPath, as: highpass)
            dialogue.dehum = read(cleanup, Key.Cleanup.dehum, at: cleanupPath, as: dehum)
            dialogue.denoise = read(cleanup, Key.Cleanup.denoise, at: cleanupPath, as: denoise)
        }
        return dialogue
    }

    private func cleanupFields(_ value: Any, at path: JSONPath) -> [String: Any]? {
        object(value, at: path, known: Key.Cleanup.known, example: #"{"highpass": 80, "dehum": "auto", "denoise": 12}"#)
    }

    /// `"loudest"`, or a loudness in LUFS (`-23`, `"-23 LUFS"`).
    private func dialogueTarget(_ value: Any, at path: JSONPath) -> DialogueTarget? {
        quantity(value, at: path, expected: DialogueTarget.expected,
                 number: { (number: Double) throws(QuantityError) in .loudness(try LoudnessLevel(decibels: number)) },
                 text: DialogueTarget.init(parsing:))
    }

    /// A corner in Hz (`80`, `"80 Hz"`), or `"off"`: `.some(nil)`.
    private func highpass(_ value: Any, at path: JSONPath) -> HighpassFrequency?? {
        if value as? String == Key.Cleanup.off { return .some(nil) }
        return quantity(value, at: path, expected: HighpassFrequency.expected,
                        number: HighpassFrequency.init(hertz:), text: HighpassFrequency.init(parsing:)).map { .some($0) }
    }

    /// `"auto"`, `50`, `60` or `"off"`.
    private func dehum(_ value: Any, at path: JSONPath) -> Dehum? {
        quantity(value, at: path, expected: Dehum.expected,
                 number: { (number: Double) throws(QuantityError) in try Dehum(parsing: QuantityError.number(number)) },
                 text: Dehum.init(parsing:))
    }

    /// A reduction in dB (`12`, `"12 dB"`), or `"off"`: `.some(nil)`.
    private func denoise(_ value: Any, at path: JSONPath) -> NoiseReduction?? {
        if value as? String == Key.Cleanup.off { return .some(nil) }
        let reduction: NoiseReduction? = decibels(value, at: path)
        return reduction.map { .some($0) }
    }
}
