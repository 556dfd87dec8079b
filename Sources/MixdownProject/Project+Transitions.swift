import MixdownComposition

extension Project {
    /// The transition from clip `index - 1` into clip `index`, or nil for a cut:
    /// the clip's own ``Clip/Entry`` applied over ``Video/transition``. Always
    /// nil for the first clip (and for an index outside ``clips``), since
    /// nothing plays before it.
    public func transition(into index: Int) -> Transition? {
        guard index > 0, index < clips.count else { return nil }
        switch clips[index].transition {
        case .videoDefault: return video.transition
        case .cut: return nil
        case let .transition(transition): return transition
        }
    }
}
