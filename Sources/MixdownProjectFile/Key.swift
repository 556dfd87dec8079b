/// Every key of the project format, each spelled once: one enumeration per kind
/// of object, its cases in documented order (docs/project-format.md).
///
/// The reader reads by these and checks each object against its kind's
/// ``ProjectFileKey/known`` keys; the writer writes them. A key two kinds of
/// object share (`fadeIn` of an item and of `video`) is a case of each kind,
/// as the format lists it under each.
enum Key {
    /// The top level.
    enum Project: String, ProjectFileKey {
        case version, clips, voiceovers, music, clipVolume, voiceoverVolume, musicVolume, cutFade, ducking, dialogue, video, overlays,
             captions, output
    }

    /// What every item has, clip, voice-over take or music bed (`Project.Item`).
    enum Item: String, ProjectFileKey {
        case path, inPoint = "in", outPoint = "out", volume, fadeIn, fadeOut, fadeCurve, automation, pan

        /// The keys of an item of kind `Own`, in documented order: `path`, the
        /// item's `start` when it has one, the keys every item has, then the
        /// rest of its own.
        static func keys<Own: ProjectFileKey>(of own: Own.Type, start: Own? = nil) -> [String] {
            [path.rawValue] + [start?.rawValue].compactMap { $0 } + allCases.filter { $0 != .path }.map(\.rawValue)
                + own.allCases.filter { $0 != start }.map(\.rawValue)
        }
    }

    /// A clip's own keys: its picture; `gap` makes the element a gap.
    enum Clip: String, ProjectFileKey {
        case transition, opacity, transform, crop, fit, dialogue, gap

        /// What a clip object may hold: these and the keys every item has.
        static let known = Item.keys(of: Clip.self)
        /// What a gap (`{"gap": 2.5}`) may hold.
        static let gapKnown = [gap.rawValue, transition.rawValue]
    }

    /// A voice-over take's own keys.
    enum Voiceover: String, ProjectFileKey {
        case start, duck, duckDepth, dialogue

        /// What a take object may hold: these and the keys every item has.
        static let known = Item.keys(of: Voiceover.self, start: .start)
    }

    /// A music bed's own keys.
    enum Music: String, ProjectFileKey {
        case start, loop

        /// What a bed object may hold: these and the keys every item has.
        static let known = Item.keys(of: Music.self, start: .start)
    }

    /// A volume ramp of an item's `automation`, and (but for `curve`) a ramp
    /// of a clip's picture.
    enum Ramp: String, ProjectFileKey {
        case start, end, from, to, curve

        /// A picture ramp's keys: it is linear, so it has no `curve`.
        static let layerKnown = allCases.filter { $0 != .curve }.map(\.rawValue)
    }

    /// A clip's `transform` value.
    enum Transform: String, ProjectFileKey {
        case scale, scaleX, scaleY, rotate, x, y
    }

    /// A clip's `crop` value.
    enum Crop: String, ProjectFileKey {
        case x, y, width, height
    }

    /// A transition: a clip's `transition`, or `video.transition`.
    enum Transition: String, ProjectFileKey {
        case type, duration

        /// The `type` of a cut, beside the names of `Transition.Kind`.
        static let cut = "cut"
    }

    /// The `ducking` object; `duckClips` is the first format's, read and not written.
    enum Ducking: String, ProjectFileKey {
        case mode, sources, targets, depth, fadeDown, fadeUp, maxPause, curve, threshold, below, duckClips
    }

    /// The `dialogue` object, the project's or an item's.
    enum Dialogue: String, ProjectFileKey {
        case level, target, maxGain, cleanup
    }

    /// A `dialogue` object's `cleanup`.
    enum Cleanup: String, ProjectFileKey {
        case highpass, dehum, denoise

        /// How each setting is turned off.
        static let off = "off"
    }

    /// The `video` object.
    enum Video: String, ProjectFileKey {
        case renderSize, frameRate, background, transition, quality, preset, fit, fadeIn, fadeOut, fadeAudio, transitionCurve,
             fullRender, dynamicRange
    }

    /// The `output` object.
    enum Output: String, ProjectFileKey {
        case sampleRate, format, audioBitrate, duration, loudness
    }

    /// `output.loudness` as an object.
    enum Loudness: String, ProjectFileKey {
        case target, truePeak
    }

    /// An element of `overlays`: exactly one of `image`, `text` and `box`, then
    /// the text's `style`, its times, place, size, opacity and animations.
    enum Overlay: String, ProjectFileKey {
        case image, text, box, style, start, end, duration, position, margin, width, height, opacity, fadeIn, fadeOut, animations

        /// The keys that say what an overlay draws, one of which it holds.
        static let contents: [Overlay] = [.image, .text, .box]
    }

    /// An overlay's `position` as an object: its top-left corner.
    enum Point: String, ProjectFileKey {
        case x, y, anchor
    }

    /// A box overlay's `box` value.
    enum Box: String, ProjectFileKey {
        case colour, radius
    }

    /// A text overlay's, or a caption file's, `style`.
    enum TextStyle: String, ProjectFileKey {
        case font, weight, size, colour, outline, shadow, background, align, maxWidth, maxLines, designHeight

        /// The names `weight` takes beside numbers, with the weights they stand for.
        static let weightNames: [(name: String, weight: Int)] = [("normal", 400), ("bold", 700)]
    }

    /// A text style's `outline`.
    enum Outline: String, ProjectFileKey {
        case colour, width
    }

    /// A text style's `shadow`.
    enum Shadow: String, ProjectFileKey {
        case colour, x, y, blur
    }

    /// A text style's `background`: the box behind the text.
    enum Background: String, ProjectFileKey {
        case colour, padding, radius
    }

    /// An element of an overlay's `animations`.
    enum Animation: String, ProjectFileKey {
        case property, from, to, start, end, timing
    }

    /// An element of `captions`.
    enum Captions: String, ProjectFileKey {
        case file, language, burn, track, style
    }
}
