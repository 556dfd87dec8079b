/// iTunes' gapless playback info (`iTunSMPB`): priming samples, padding, and
/// the length of the real audio.
struct GaplessInfo: Equatable {
    var priming: Int64
    var padding: Int64
    var length: Int64

    /// Parses ` 00000000 00000840 000001CA 00000000003F31F6 …` (hexadecimal fields).
    init?(iTunSMPB text: String) {
        let fields = text.split(separator: " ").map { Int64($0, radix: 16) }
        guard fields.count >= 4, let priming = fields[1], let padding = fields[2], let length = fields[3],
              priming >= 0, padding >= 0, length > 0 else { return nil }
        self.priming = priming
        self.padding = padding
        self.length = length
    }
}
