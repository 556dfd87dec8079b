import MixdownAudioMix
import MixdownTime
import MixdownUnits

extension Project {
    /// What every item on the timeline has, clip, voice-over take or music bed
    /// alike: its file, the part of it that plays, and how it sounds.
    ///
    /// Stated once here and held by each kind of item (``TimelineItem``), which
    /// reads and writes these as its own: `clip.volume`, `project.music[0].fade.fadeIn = …`.
    public struct Item: Hashable, Sendable {
        /// The item's file.
        public var path: String
        /// Source time where the item starts playing (default: the file's start).
        public var inPoint: MediaTime?
        /// Source time where it stops (default: the file's end).
        public var outPoint: MediaTime?
        /// Gain of the item, multiplied with its part's (``Project/clipVolume``,
        /// ``Project/voiceoverVolume``, ``Project/musicVolume``).
        public var volume = Gain.unity
        /// The fades at the item's start and end on the timeline.
        public var fade = Fade()
        /// Volume ramps of the item, in timeline time, inside the item.
        public var automation: [VolumeRamp] = []
        /// Where the item sits between the speakers.
        public var pan = Pan.center

        /// The whole of `path`, at unity gain, centred, with no fades or automation.
        public init(path: String) { self.path = path }
    }

    /// A kind of item on the timeline (``Clip``, ``Voiceover``, ``Music``): an
    /// ``Item`` and what the kind adds.
    ///
    /// The item's properties read and write as the kind's own: `clip.volume`
    /// is `clip.item.volume`, so the shared fields are stated once, in ``Item``.
    @dynamicMemberLookup
    public protocol TimelineItem: Hashable, Sendable {
        /// What every item has: file, trim, volume, fades, automation, pan.
        var item: Item { get set }
    }
}

extension Project.TimelineItem {
    /// A property of ``Project/TimelineItem/item``, as if the kind's own.
    public subscript<Value>(dynamicMember property: WritableKeyPath<Project.Item, Value>) -> Value {
        get { item[keyPath: property] }
        set { item[keyPath: property] = newValue }
    }
}
