package import MixdownComposition

/// Where decoding a clip's video must start to show a given frame, from its
/// packet table (`VideoClipInfo.packets`, decoding order): the frame shown at a
/// time, and the latest keyframe from which it and every frame after it decode.
///
/// A keyframe qualifies when it is shown at or before the frame and no packet
/// decoded before it is shown at or after the frame: then every frame from that
/// one on lies at or after the keyframe in decoding order, and none of them
/// needs a picture before it (the pictures of an open GOP that do, its leading
/// pictures, are shown before the keyframe, so before the frame).
package struct VideoDecodePoints: Sendable {
    /// The presentation timestamps of the frames shown, ascending.
    private let shown: [Int64]
    /// Each keyframe's index, its pts, and the latest pts among the packets before it.
    private let keyframes: [(index: Int, pts: Int64, latestBefore: Int64)]

    /// The points of a packet table in decoding order.
    package init(packets: [VideoPacketEntry]) {
        shown = packets.filter { !$0.isDiscarded }.map(\.pts).sorted()
        var latest = Int64.min
        var keyframes: [(index: Int, pts: Int64, latestBefore: Int64)] = []
        for (i, packet) in packets.enumerated() {
            if packet.isKeyframe { keyframes.append((i, packet.pts, latest)) }
            latest = max(latest, packet.pts)
        }
        self.keyframes = keyframes
    }

    /// The pts of the frame shown at `ticks`: the last frame shown at or before
    /// it, or the first frame for a time before it; nil when no frame is shown.
    package func frame(at ticks: Int64) -> Int64? {
        var low = 0, high = shown.count
        while low < high {
            let mid = (low + high) / 2
            if shown[mid] <= ticks { low = mid + 1 } else { high = mid }
        }
        return shown.isEmpty ? nil : shown[max(0, low - 1)]
    }

    /// The index of the packet to start decoding at so that the frame shown at
    /// `pts` and every later one come out: the latest qualifying keyframe, or the
    /// first packet when none qualifies.
    package func start(showing pts: Int64) -> Int {
        keyframes.last { $0.pts <= pts && $0.latestBefore < pts }?.index ?? 0
    }
}
