extension AACEncoder {
    /// Opens an encoder with `settings`, its configuration in `codecConfiguration`
    /// for the container (the global header that MP4, MOV and M4A need).
    public convenience init(settings: AACSettings, path: String = "AAC encoder") throws(MediaIOError) {
        try self.init(sampleRate: settings.sampleRate, bitRate: settings.bitRate, globalHeader: true, path: path)
    }

    /// The settings this encoder was opened with.
    public var settings: AACSettings { AACSettings(sampleRate: sampleRate, bitRate: bitRate) }
}
