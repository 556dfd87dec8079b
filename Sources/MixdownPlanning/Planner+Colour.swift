import MixdownComposition
internal import MixdownUnits

/// What a composed picture does to clips whose colour it cannot hold.
extension Planner {
    /// One warning per clip file that is HDR or deeper than 8 bits and whose
    /// frames a composed picture decodes and draws: the compositor draws in
    /// 8-bit SDR (`VideoComposition.outputColour`), so such a clip loses its
    /// range or its depth, and an HLG or PQ signal shown as SDR looks flat.
    /// None for a preview, which draws no picture.
    func colourWarnings(_ infos: [VideoClipInfo], composition: VideoComposition) -> [String] {
        guard purpose != .preview else { return [] }
        let output = composition.colourMatrix == .bt709 ? "BT.709" : "BT.601"
        var seen: Set<String> = []
        var warnings: [String] = []
        for info in infos where seen.insert(info.path).inserted {
            let colour = info.format.colour
            guard colour.exceedsEightBitSDR else { continue }
            let dolbyVision = colour.dolbyVision.map { " (Dolby Vision \($0.name))" } ?? ""
            if colour.dynamicRange.isHDR {
                warnings.append("\(MessageText.shown(info.path)): \(colour.label) HDR\(dolbyVision) is drawn as 8-bit SDR \(output) "
                    + "(HDR output and tone mapping are not built yet): its picture will look flat")
            } else {
                warnings.append("\(MessageText.shown(info.path)): \(colour.label)\(dolbyVision) is drawn as 8-bit SDR \(output) "
                    + "(a 10-bit picture path is not built yet): smooth gradients may band")
            }
        }
        return warnings
    }
}
