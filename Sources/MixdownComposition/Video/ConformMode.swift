/// How a clip whose displayed size or shape differs from the render size is
/// brought into it (after turning it upright by its display matrix).
public enum ConformMode: String, Hashable, Sendable, CaseIterable {
    /// Scaled to fit inside the render size, keeping its shape; the background
    /// colour fills around it (letterbox or pillarbox).
    case fit
    /// Scaled to cover the render size, keeping its shape; what overflows is cut.
    case fill
}
