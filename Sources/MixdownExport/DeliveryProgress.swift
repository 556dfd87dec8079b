/// What a ``DeliveryExport`` reports while it runs, on the calling thread: each
/// encoding's start, its progress, and its end.
public enum DeliveryProgress: Sendable {
    /// An encoding starts: the first, or one after a correction of the mastering
    /// (numbered from 1).
    case started(encoding: Int)
    /// How far the current encoding has got (`ExportSession`'s progress).
    case encoding(ExportProgress)
    /// The current encoding is done: its file is in place, or (a delivery it
    /// missed) removed, and the mastering is corrected before the next.
    case finished(encoding: Int)
}
