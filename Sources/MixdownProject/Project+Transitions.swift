import MixdownComposition

extension Project {
    /// The transition from clip `index - 1` into clip `index`, or nil for a cut:
    /// the clip's own ``Clip/Entry`` applied over ``Video/transition``. Always
    /// nil for the first clip (and for an index outside ``clips``), since
    /// nothing plays before it.
    ///
    /// A transition between a clip and a gap (``Clip/gapDuration``) draws the
    /// gap as a layer of ``Video/background``, ramped as a clip would be: a
    /// dissolve fades the clip out to the background (or the background out over
    /// the clip), a push moves the clip out or in with the background beside it,
    /// a wipe or diagonal wipe uncovers the background or the clip, a
    /// fade-through fades through the background; between two gaps nothing
    /// shows but the background.
    public func transition(into index: Int) -> Transition? {
        guard index > 0, index < clips.count else { return nil }
        switch clips[index].transition {
        case .videoDefault: return video.transition
        case .cut: return nil
        case let .transition(transition): return transition
        }
    }
}
