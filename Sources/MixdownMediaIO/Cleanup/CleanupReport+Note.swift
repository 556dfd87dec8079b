extension CleanupReport {
    /// The report as a note of the conform cache: one `name value` line per
    /// field, the noise level's bits in hexadecimal so that it reads back exactly.
    public var noteBytes: [UInt8] {
        let lines = [
            "hum \(humFrequency.map(String.init) ?? "none")",
            "detected \(humDetected ? 1 : 0)",
            "noise \(noiseLevel.map { String($0.bitPattern, radix: 16) } ?? "none")",
            "denoised \(denoised ? 1 : 0)",
            "warning \(warning ?? "")",
        ]
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// The report a note holds; nil when the bytes are not one.
    public init?(noteBytes bytes: [UInt8]) {
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            guard let space = line.firstIndex(of: " ") else { return nil }
            fields[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        guard fields.count == 5, let hum = fields["hum"], let detected = fields["detected"], let noise = fields["noise"],
              let denoised = fields["denoised"], let warning = fields["warning"] else { return nil }
        let frequency = hum == "none" ? nil : Int(hum)
        let level = noise == "none" ? nil : UInt64(noise, radix: 16).map(Double.init(bitPattern:))
        guard hum == "none" || frequency != nil, noise == "none" || level != nil,
              ["0", "1"].contains(detected), ["0", "1"].contains(denoised) else { return nil }
        self.init(humFrequency: frequency, humDetected: detected == "1", noiseLevel: level, denoised: denoised == "1",
                  warning: warning.isEmpty ? nil : warning)
    }
}
