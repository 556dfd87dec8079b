import MixdownTime

/// Whether a clip's packets can go into a smart-rendered output as they are.
struct SmartRenderClipCheck {
    let info: VideoClipInfo
    /// Why the clip cannot be copied at all; nil when it can.
    let problem: String?
    /// Frames a decoder holds back (the largest lead of decoding over display order).
    let reorderDelay: Int

    init(info: VideoClipInfo, composition: VideoComposition) {
        self.info = info
        let shown = info.displayedSize
        let size = composition.renderSize
        // Every frame shown but the last (which lasts until the clip's end) lasts one output
        // frame, compared exactly: 1/30 s rounded to a 1/25 s time base would be one tick too.
        // The last by presentation: with B-frames it is not the last decoded.
        let durations = Set(info.packets.filter { !$0.isDiscarded }.sorted { $0.pts < $1.pts }.dropLast().map(\.duration))
        let isConstant = durations.count == 1 && durations.allSatisfy { (try? info.timeBase.time(ticks: $0)) == composition.frameDuration }
        reorderDelay = Self.reorderDelay(of: info.packets)
        problem = if info.format.codec != "h264" {
            info.format.codec == "hevc" ? "HEVC is not smart-rendered yet" : "\(info.format.codec) cannot be spliced with H.264"
        } else if shown.width != size.width || shown.height != size.height {
            "its \(shown.width)×\(shown.height) picture is conformed to \(size.width)×\(size.height)"
        } else if info.format.rotation != 0 {
            "it is turned by its display matrix"
        } else if !info.format.isShownAsStored {
            // The output track has one display matrix, the copied clips'; the drawn frames are upright already.
            "its display matrix is not the identity (it mirrors, scales or moves the picture)"
        } else if !isConstant {
            "its frame rate is not the output's constant one"
        } else if !info.packets.contains(where: \.isIDR) {
            "it has no IDR picture to restart a copy at"
        } else {
            nil
        }
    }

    /// Why this clip cannot be copied beside `reference`'s copied packets.
    func mismatch(with reference: SmartRenderClipCheck) -> String? {
        if info.format.decoderConfiguration != reference.info.format.decoderConfiguration {
            return "its parameter sets (avcC) differ from \(reference.info.path)'s"
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
