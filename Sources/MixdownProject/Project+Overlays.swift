import MixdownComposition
import MixdownTime
import MixdownUnits

extension Project {
    /// An overlay as a project describes it: an image, a text or a box over the
    /// picture, its times on the timeline (an open end runs to the timeline's
    /// end), where and how large it is drawn, and how it moves.
    public struct Overlay: Hashable, Sendable {
        /// What it draws (an image's path is resolved against the project's folder when loaded).
        public var content: OverlayContent
        /// Where it starts on the timeline.
        public var start: MediaTime = .zero
        /// Where it ends; nil: the timeline's end.
        public var end: MediaTime?
        /// Where it goes (an anchor with the default margin by default: the centre).
        public var position: OverlayPosition = .anchored(.center, margin: nil)
        /// Its drawn width in render pixels; nil: its natural width (or, with a height, the shape kept).
        public var width: Int?
        /// Its drawn height in render pixels; nil: its natural height (or, with a width, the shape kept).
        public var height: Int?
        /// Its opacity.
        public var opacity: Opacity = .standard
        /// Core Animation's shorthand: a linear opacity animation from 0 over its first `fadeIn`.
        public var fadeIn: MediaTime = .zero
        /// Core Animation's shorthand: a linear opacity animation to 0 over its last `fadeOut`.
        public var fadeOut: MediaTime = .zero
        /// How it moves, in its own time (0 is its start).
        public var animations: [OverlayAnimation] = []

        /// `content` from the timeline's start to its end, centred, at its natural size.
        public init(content: OverlayContent) { self.content = content }
    }

    /// A caption file and how it is shown: drawn into the picture, written as a
    /// soft subtitle track, or both.
    public struct Captions: Hashable, Sendable {
        /// The SRT or WebVTT file (resolved against the project's folder when loaded).
        public var path: String
        /// Its language, an ISO 639-2 code (`eng`); `und` when not known
        /// (`LanguageCode` reads and checks one).
        public var language: String = LanguageCode.standard.code
        /// Draw its cues into the picture (at most one file is).
        public var burn = false
        /// Write it as a soft subtitle track (`mov_text`).
        public var track = true
        /// How burned cues look.
        public var style: TextStyle = Captions.defaultStyle

        /// `path` as a soft track of an unknown language.
        public init(path: String) { self.path = path }

        /// The caption style: white text with a dark outline, 6% of the render's
        /// height (44 px at 720 lines, 66 at 1080: its sizes scale with the
        /// render, `TextStyle.designHeight`), wrapped to 80% of its width, at most two lines.
        public static let defaultStyle = TextStyle(size: 44, colour: .white,
                                                   outline: TextStyle.Outline(colour: RGBAColour(colour: .black, alpha: 220), width: 3),
                                                   alignment: .center, maximumLines: 2, designHeight: 720)
    }
}
