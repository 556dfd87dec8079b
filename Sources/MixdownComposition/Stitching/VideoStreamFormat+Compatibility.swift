extension VideoStreamFormat {
    /// What prevents a stream of this format from following one of `previous`'s
    /// in one stream-copied video track, one entry per parameter with both values
    /// (this one's first), e.g. `size 320x240 vs 640x360`; empty when compatible.
    ///
    /// Like AVFoundation's `mutableTrackCompatibleWithTrack`: codec, profile, coded
    /// size, pixel format, the decoder configuration byte for byte (one `avcC` box
    /// describes every packet of an MP4 track) and the display matrix (rotation and
    /// mirroring: one matrix describes the whole track) must match.
    /// Time bases may differ: the writer rescales timestamps.
    public func incompatibilities(following previous: VideoStreamFormat) -> [String] {
        var found: [String] = []
        if codec != previous.codec {
            found.append("codec \(codec) vs \(previous.codec)")
        }
        if profileNumber != previous.profileNumber {
            found.append("profile \(profile ?? "\(profileNumber)") vs \(previous.profile ?? "\(previous.profileNumber)")")
        }
        if width != previous.width || height != previous.height {
            found.append("size \(width)x\(height) vs \(previous.width)x\(previous.height)")
        }
        if pixelFormat != previous.pixelFormat {
            found.append("pixel format \(pixelFormat ?? "unknown") vs \(previous.pixelFormat ?? "unknown")")
        }
        if rotation != previous.rotation || shownMatrix != previous.shownMatrix {
            let (mine, theirs) = orientation == previous.orientation
                ? ("display matrix \(shownMatrix)", "\(previous.shownMatrix)")
                : ("rotation \(orientation)", previous.orientation)
            found.append("orientation: \(mine) vs \(theirs)")
        }
        if decoderConfiguration != previous.decoderConfiguration {
            found.append("decoder configuration (extradata) \(Self.summary(decoderConfiguration)) vs \(Self.summary(previous.decoderConfiguration))")
        }
        return found
    }

    /// The display matrix, the identity when the stream has none.
    private var shownMatrix: [Int32] {
        displayMatrix ?? Self.identityMatrix
    }

    /// FFmpeg's identity display matrix: 1.0 in 16.16 and, last, in 2.30 fixed point.
    private static let identityMatrix: [Int32] = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]

    /// `90°`, or `90° mirrored` when the matrix flips the picture.
    private var orientation: String {
        let m = shownMatrix.map(Int64.init)
        let mirrored = m[0] * m[4] - m[1] * m[3] < 0
        return Self.degrees(rotation) + (mirrored ? " mirrored" : "")
    }

    private static func degrees(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))°" : "\(value)°"
    }

    /// Size and an FNV-1a hash: enough to tell two configuration records apart in a message.
    private static func summary(_ bytes: [UInt8]) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        return "\(bytes.count) bytes #\(String(repeating: "0", count: 8 - hex.count))\(hex)"
    }
}
