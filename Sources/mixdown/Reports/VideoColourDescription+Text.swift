import Foundation
import MixdownComposition

// How `probe` and `inspect` write a stream's colour: one line for what it is,
// one for its HDR metadata when it has any.

extension VideoColourDescription {
    /// `HLG (bt2020, arib-std-b67, bt2020nc, tv), 10-bit; Dolby Vision 8.4`:
    /// the dynamic range, the primaries, transfer, matrix and range by FFmpeg's
    /// names, the depth when known, and the Dolby Vision profile.
    var summaryText: String {
        let stated = [primaries, transfer, matrix, range].contains { $0 != nil }
        var text = "\(dynamicRange.rawValue) (\(stated ? propertyNames : "colours unspecified"))"
        if let bitDepth { text += ", \(bitDepth)-bit" }
        if let dolbyVision { text += "; Dolby Vision \(dolbyVision.name)" }
        return text
    }

    /// `1000 cd/m² max, 0.0050 min, R 0.6800,0.3200 G 0.2650,0.6900 B 0.1500,0.0600 white 0.3127,0.3290; MaxCLL 1000, MaxFALL 400`,
    /// or nil without mastering display or light level metadata.
    var hdrMetadataText: String? {
        var parts: [String] = []
        if let display = masteringDisplay {
            var words: [String] = []
            if let max = display.maxLuminance { words.append("\(Self.number(max)) cd/m² max") }
            if let min = display.minLuminance { words.append(String(format: "%.4f min", min)) }
            let points = [("R", display.red), ("G", display.green), ("B", display.blue), ("white", display.whitePoint)]
            for (name, point) in points {
                if let point { words.append(String(format: "%@ %.4f,%.4f", name, point.x, point.y)) }
            }
            parts.append(words.joined(separator: ", "))
        }
        if let light = contentLightLevel {
            parts.append("MaxCLL \(light.maxContentLightLevel), MaxFALL \(light.maxFrameAverageLightLevel)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// A luminance without trailing zeros: `1000`, `4000.5`.
    private static func number(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
