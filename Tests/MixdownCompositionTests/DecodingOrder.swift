/// The display-order frames 0..<`frames` in decoding order, GOPs of `gop` frames: as
/// they are without `bFrames`; with them I0 P2 B1 P4 B3 …, every odd frame decoded
/// after the frame that follows it, within its GOP (whose last frame, when the GOP
/// has an even count, is decoded last).
func decodingOrder(frames: Int, gop: Int, bFrames: Bool) -> [Int] {
    guard bFrames else { return Array(0..<frames) }
    var order: [Int] = []
    for start in stride(from: 0, to: frames, by: gop) {
        let end = min(start + gop, frames)
        order.append(start)
        var i = start + 2
        while i < end { order += [i, i - 1]; i += 2 }
        if (end - start) % 2 == 0 { order.append(end - 1) }
    }
    return order
}
