extension VideoClipInfo {
    /// What prevents this clip's packets from following `previous`'s in one
    /// stream-copied video track, one entry per parameter with both values
    /// (this clip's first), e.g. `size 320x240 vs 640x360`; empty when compatible.
    ///
    /// Like AVFoundation's `mutableTrackCompatibleWithTrack`: codec, profile, coded
    /// size, pixel format, the decoder configuration byte for byte (one `avcC` box
    /// describes every packet of an MP4 track) and the display rotation must match.
    /// Time bases may differ: the writer rescales timestamps.
    public func incompatibilities(following previous: VideoClipInfo) -> [String] {
        var found: [String] = []
        if codec != previous.codec || codecID != previous.codecID {
            found.append("codec \(codec) vs \(previous.codec)")
        }
        if profileID != previous.profileID {
            found.append("profile \(profile ?? "\(profileID)") vs \(previous.profile ?? "\(previous.profileID)")")
        }
        if width != previous.width || height != previous.height {
            found.append("size \(width)x\(height) vs \(previous.width)x\(previous.height)")
        }
        if pixelFormat != previous.pixelFormat {
            found.append("pixel format \(pixelFormat ?? "unknown") vs \(previous.pixelFormat ?? "unknown")")
        }
        if rotation != previous.rotation {
            found.append("orientation: rotation \(degrees(rotation)) vs \(degrees(previous.rotation))")
        }
        if decoderConfiguration != previous.decoderConfiguration {
            found.append("decoder configuration (extradata) \(summary(decoderConfiguration)) vs \(summary(previous.decoderConfiguration))")
        }
        return found
    }

    private func degrees(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))°" : "\(value)°"
    }

    /// Size and an FNV-1a hash: enough to tell two configuration records apart in a message.
    private func summary(_ bytes: [UInt8]) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        return "\(bytes.count) bytes #\(String(repeating: "0", count: 8 - hex.count))\(hex)"
    }
}
