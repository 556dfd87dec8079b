import MixdownTime
import MixdownUnits

/// A transition from one clip into the next: what it draws and how long it lasts.
///
/// Typed as `TYPE[:SECONDS]` (`dissolve`, `push-left:0.5`); without a length,
/// ``defaultDuration``.
public struct Transition: Hashable, Sendable, CustomStringConvertible {
    /// What a transition draws.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The outgoing clip fades out over the incoming one.
        case dissolve
        /// Both clips move left together: the incoming one pushes in from the right.
        case pushLeft = "push-left"
        /// Both move right: the incoming one pushes in from the left.
        case pushRight = "push-right"
        /// Both move up: the incoming one pushes in from the bottom.
        case pushUp = "push-up"
        /// Both move down: the incoming one pushes in from the top.
        case pushDown = "push-down"
        /// An edge moving left uncovers the incoming clip from the right.
        case wipeLeft = "wipe-left"
        /// An edge moving right uncovers the incoming clip from the left.
        case wipeRight = "wipe-right"
        /// An edge moving up uncovers the incoming clip from the bottom.
        case wipeUp = "wipe-up"
        /// An edge moving down uncovers the incoming clip from the top.
        case wipeDown = "wipe-down"
        /// AVCustomEdit's diagonal wipe: an edge from the top-right corner to the
        /// bottom-left uncovers the incoming clip.
        case diagonalWipe = "diagonal-wipe"
        /// The outgoing clip fades to the background colour over the first half,
        /// the incoming one fades in from it over the second.
        case fadeThrough = "fade-through"
    }

    /// What it draws.
    public var kind: Kind
    /// How long the two clips overlap (before clamping to the clips); positive,
    /// checked when made, so it cannot be set on its own.
    public let duration: MediaTime

    /// One second, the usual length of an editor's default transition.
    public static let defaultDuration = MediaTime.milliseconds(1000)
    /// What users may give, for messages.
    public static let expected = "TYPE or TYPE:SECONDS, TYPE one of " + Kind.allCases.map(\.rawValue).joined(separator: ", ")

    /// A transition of `kind` lasting ``defaultDuration``.
    public init(kind: Kind) {
        self.kind = kind
        duration = Self.defaultDuration
    }

    /// A transition of `kind` lasting `duration`.
    ///
    /// - Throws: `QuantityError` showing the transition as typed
    ///   (`dissolve:0s`) for a length that is not a positive time.
    public init(kind: Kind, duration: MediaTime) throws(QuantityError) {
        try self.init(kind: kind, duration: duration, shown: "\(kind.rawValue):\(duration.readable)")
    }

    /// Reads `dissolve`, `dissolve:1.5`, `wipe-left:500ms`.
    ///
    /// - Throws: `QuantityError` quoting `text` for an unknown type, or a
    ///   length that is not a positive time.
    public init(parsing text: String) throws(QuantityError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let kind = Kind(rawValue: parts[0].lowercased()) else {
            throw QuantityError(value: MessageText.quoted(text), reason: "unknown transition", expected: Self.expected)
        }
        guard parts.count == 2 else {
            self.init(kind: kind)
            return
        }
        // Text that is no time at all shows as a length that is not a positive time, as one that is 0.
        let duration = (try? MediaTime(parsing: String(parts[1]))) ?? .zero
        try self.init(kind: kind, duration: duration, shown: MessageText.quoted(text))
    }

    /// The one check of a transition's length; `shown` is how a refusal shows the transition.
    private init(kind: Kind, duration: MediaTime, shown: String) throws(QuantityError) {
        guard duration > .zero else {
            throw QuantityError(value: shown, reason: "the length is not a positive time", expected: Self.expected)
        }
        self.kind = kind
        self.duration = duration
    }

    public var description: String { "\(kind.rawValue):\(duration.readable)" }
}
