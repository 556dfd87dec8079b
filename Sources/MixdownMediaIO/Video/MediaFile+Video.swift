public import MixdownComposition

extension MediaFile {
    /// Scans the file's video packets, as `VideoClipInfo(path:)` does; its format's
    /// pixel format is unknown unless the file was opened `analysingVideo`.
    ///
    /// - Throws: as `VideoClipInfo(path:)`.
    public func videoClipInfo() throws(MediaIOError) -> VideoClipInfo {
        if let index = input.bestStream(.video) { try startOver(reading: [index]) }
        return try VideoClipInfo(scanning: input)
    }
}
