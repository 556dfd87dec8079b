/// Where a `SoundFile`'s bytes go: libsndfile's virtual I/O, as a Swift protocol.
///
/// Offsets are bytes of the stream libsndfile sees, from 0.
package protocol SoundFileIO: AnyObject {
    /// The stream's length in bytes.
    func length() -> Int64
    /// Moves the position to `offset` from `origin`; returns the new position.
    func seek(_ offset: Int64, from origin: SeekOrigin) -> Int64
    /// Reads up to `count` bytes at the position; returns how many (0 at the end or on error).
    func read(_ bytes: UnsafeMutableRawPointer, count: Int) -> Int
    /// Writes `count` bytes at the position; returns how many (0 on error).
    func write(_ bytes: UnsafeRawPointer, count: Int) -> Int
    /// The current position.
    var position: Int64 { get }
}

/// What a seek offset counts from (`SEEK_SET`, `SEEK_CUR`, `SEEK_END`).
package enum SeekOrigin {
    case start, current, end
}
