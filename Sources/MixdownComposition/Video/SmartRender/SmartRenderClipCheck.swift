import MixdownTime

/// Whether a clip's packets can go into a smart-rendered output as they are.
struct SmartRenderClipCheck {
    let info: VideoClipInfo
    /// Why the clip cannot be copied at all; nil when it can.
    let problem: String?
    /// Frames a decoder holds back (the largest lead of decoding over display order).
    let reorderDelay: Int
    /// What an HEVC splice needs to know; nil for H.264 and for clips that cannot be copied.
    let hevc: HEVCSpliceFacts?

    /// Checks `info` for a smart render of `composition` into a `codec` stream
    /// (FFmpeg's name: `h264` or `hevc`).
    init(info: VideoClipInfo, composition: VideoComposition, codec: String) {
        self.info = info
        let shown = info.displayedSize
        let size = composition.renderSize
        // Every frame shown but the last (which lasts until the clip's end) lasts one output
        // frame, compared exactly: 1/30 s rounded to a 1/25 s time base would be one tick too.
        // The last by presentation: with B-frames it is not the last decoded.
        let durations = Set(info.packets.filter { !$0.isDiscarded }.sorted { $0.pts < $1.pts }.dropLast().map(\.duration))
        let isConstant = durations.count == 1 && durations.allSatisfy { (try? info.timeBase.time(ticks: $0)) == composition.frameDuration }
        reorderDelay = Self.reorderDelay(of: info.packets)
        var hevcProblem: String?
        if info.format.codec == "hevc", codec == "hevc" {
            switch HEVCSpliceFacts.facts(record: info.format.decoderConfiguration, bitstream: info.bitstream) {
            case let .success(facts): hevc = facts
            case let .failure(refusal):
                hevc = nil
                hevcProblem = refusal.reason
            }
        } else {
            hevc = nil
        }
        problem = if !["h264", "hevc"].contains(info.format.codec) {
            "\(info.format.codec) cannot be spliced"
        } else if info.format.colour.dynamicRange != composition.dynamicRange {
            "its \(info.format.colour.dynamicRange.rawValue) picture is converted to the output's \(composition.dynamicRange.rawValue)"
        } else if info.format.decoderConfiguration.first != 1 {
            // MPEG-TS carries parameter sets in its packets (Annex B): the muxer makes the
            // copy's avcC or hvcC from them, but no record here can take the re-encoded stretches' sets.
            "its parameter sets are in its packets (as MPEG-TS stores them), not in a decoder configuration record"
        } else if info.format.codec != codec {
            "it is \(VideoStreamFormat.displayName(ofCodec: info.format.codec)), and the output is \(VideoStreamFormat.displayName(ofCodec: codec))"
                + (composition.dynamicRange.isHDR ? " (HDR output)" : " (the first clip's codec)")
        } else if let hevcProblem {
            hevcProblem
        } else if (hevc?.bitDepth ?? info.format.colour.bitDepth ?? 8) != composition.bitDepth {
            "it is \(hevc?.bitDepth ?? info.format.colour.bitDepth ?? 8)-bit, and the output is \(composition.bitDepth)-bit"
        } else if shown.width != size.width || shown.height != size.height {
            "its \(shown.width)×\(shown.height) picture is conformed to \(size.width)×\(size.height)"
        } else if !VideoOrientation.isExactTurn(info.format.displayMatrix) {
            // The output track has one display matrix, the copied clips': re-encoded frames are turned
            // back to be stored as theirs are, which a mirror or a scaling would not survive.
            "its display matrix mirrors or scales the picture"
        } else if !isConstant {
            "its frame rate is not the output's constant one"
        } else if reorderDelay > 2 {
            // Re-encoded stretches reorder by 2 frames at most (B-frames in a pyramid): decoding times would go back.
            "its pictures are reordered by \(reorderDelay) frames, more than re-encoded stretches can match (2)"
        } else if !info.packets.contains(where: \.isIDR) {
            "it has no IDR picture to restart a copy at"
        } else {
            nil
        }
    }

    /// The clockwise quarter turns the clip is shown with: re-encoded frames are
    /// turned back by as many to be stored as the copied ones are.
    var quarterTurns: Int { VideoOrientation(displayMatrix: info.format.displayMatrix).quarterTurns }

    /// Why this clip cannot be copied beside `reference`'s copied packets.
    func mismatch(with reference: SmartRenderClipCheck) -> String? {
        if info.format.decoderConfiguration != reference.info.format.decoderConfiguration {
            return "its parameter sets (\(info.format.codec == "hevc" ? "hvcC" : "avcC")) differ from \(reference.info.path)'s"
        }
        if info.format.displayMatrix ?? [] != reference.info.format.displayMatrix ?? [] {
            let mine = VideoOrientation(displayMatrix: info.format.displayMatrix), theirs = VideoOrientation(displayMatrix: reference.info.format.displayMatrix)
            return "it is shown turned \(mine), \(reference.info.path) \(theirs) (one track has one display matrix)"
        }
        if reorderDelay != reference.reorderDelay {
            return "its reorder delay (\(reorderDelay) frames) differs from \(reference.info.path)'s (\(reference.reorderDelay))"
        }
        return nil
    }

    /// The most frames any packet is decoded ahead of its place in display order.
    static func reorderDelay(of packets: [VideoPacketEntry]) -> Int {
        let rank = Dictionary(packets.map(\.pts).sorted().enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return packets.enumerated().map { index, packet in index - (rank[packet.pts] ?? index) }.max().map { max(0, $0) } ?? 0
    }
}
