import MixdownComposition
internal import MixdownUnits

/// What a composed picture does to clips whose colour it cannot hold.
extension Planner {
    /// One warning per clip file that a composed picture draws with less than
    /// it holds: an HDR clip in an SDR output (tone-mapped by BT.2390: its
    /// highlights are compressed) or a clip deeper than the output's bits
    /// (gradients may band). Clips converted without loss (SDR into HDR at
    /// BT.2408's reference white) are not warned about; `inspect` lists every
    /// clip's colour and the output's. None for a preview, which draws no picture.
    func colourWarnings(_ infos: [VideoClipInfo], composition: VideoComposition) -> [String] {
        guard purpose != .preview else { return [] }
        let output = composition.outputColour
        let matrix = composition.colourMatrix.name
        var seen: Set<String> = []
        var warnings: [String] = []
        for info in infos where seen.insert(info.path).inserted {
            let colour = info.format.colour
            let dolbyVision = colour.dolbyVision.map { " (Dolby Vision \($0.name))" } ?? ""
            if colour.dynamicRange.isHDR, !output.dynamicRange.isHDR {
                let peak = colour.dynamicRange == .pq ? colour.masteringDisplay?.maxLuminance ?? 1000 : 1000.0
                warnings.append("\(MessageText.shown(info.path)): \(colour.label) HDR\(dolbyVision) is tone-mapped into 8-bit SDR \(matrix) "
                    + "(BT.2390, from \(Int(peak.rounded())) cd/m²); --dynamic-range \(colour.dynamicRange.name) keeps it HDR")
            } else if (colour.bitDepth ?? 8) > (output.bitDepth ?? 8) {
                warnings.append("\(MessageText.shown(info.path)): \(colour.label)\(dolbyVision) is drawn in \(output.bitDepth ?? 8) bits: "
                    + "smooth gradients may band")
            }
        }
        return warnings
    }
}
