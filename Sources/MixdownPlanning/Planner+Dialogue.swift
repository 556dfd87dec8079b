import MixdownAudioMix
import MixdownPlan
import MixdownProject
import MixdownTime

// Which items are dialogue and what they say: the takes and the clips' own audio
// with cleanup or levelling asked for, each with its phrases, for the measured
// passes that clean and level them (docs/audio-mix.md, "Dialogue").

extension Planner {
    /// The dialogue settings of `item`: the project's with the item's own over
    /// them; nil for music, an item without audio, or when nothing is asked.
    func dialogueSettings(of item: PlacedItem) -> DialogueSettings? {
        guard item.audio != nil else { return nil }
        let settings: DialogueSettings
        switch item.part {
        case .voiceovers: settings = project.dialogue(ofVoiceover: item.index)
        case .clips: settings = project.dialogue(ofClip: item.index)
        case .music: return nil
        }
        return settings.isActive ? settings : nil
    }

    /// `tracks` with each dialogue item's processing: its settings and its
    /// phrases (heard with the duck's speech when the duck listened to it; the
    /// others listened to side by side, on ``Planner/threads`` threads).
    mutating func listenToDialogue(_ tracks: [PlacedTrack]) throws(PlanningError) -> [PlacedTrack] {
        var done = tracks
        var unheard: [(track: Int, item: Int, settings: DialogueSettings, audible: MediaTimeRange, listening: SpeechListening)] = []
        for t in done.indices {
            for k in done[t].items.indices {
                let item = done[t].items[k]
                guard let settings = dialogueSettings(of: item), let audio = item.audio else { continue }
                if let phrases = heardPhrases[item.name] {
                    // The plan's items are the placed ones, in the same order (`gainLayers(of:)`).
                    done[t].track.items[k].dialogue = DialogueProcessing(settings: settings, phrases: phrases)
                } else {
                    unheard.append((t, k, settings, try shifted(audio, to: item.range.start), try listening(to: item, source: audio, phrases: true)))
                }
            }
        }
        let notes = try SpeechListening.hearAll(unheard.map(\.listening), threads: threads, cache: cache)
        for (item, note) in zip(unheard, notes) {
            let phrases = try heard(note, placedAt: item.audible).phrases ?? []
            done[item.track].track.items[item.item].dialogue = DialogueProcessing(settings: item.settings, phrases: phrases)
        }
        return done
    }
}
