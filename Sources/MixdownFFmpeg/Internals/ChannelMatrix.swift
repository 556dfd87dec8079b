internal import CFFmpeg

/// Mixdown's fold-downs to stereo, where they differ from libswresample's defaults.
///
/// - Mono: the same signal on both sides at unity gain (the editor convention;
///   libswresample would use -3 dB).
/// - 5.1 and 5.1(side): ITU-R BS.775 coefficients. L = FL + 0.7071·FC + 0.7071·SL,
///   R = FR + 0.7071·FC + 0.7071·SR; LFE is dropped.
/// Every other layout uses libswresample's own rematrix.
struct ChannelMatrix {
    /// Row-major: `coefficients[out * inputChannels + in]`.
    let coefficients: [Double]
    let inputChannels: Int

    static let minus3dB = 0.7071067811865476

    static func stereoFold(for layout: AVChannelLayout) -> ChannelMatrix? {
        let n = Int(layout.nb_channels)
        if n == 1 { return ChannelMatrix(coefficients: [1, 1], inputChannels: 1) }
        guard n == 6 else { return nil }
        var matrix = [Double](repeating: 0, count: 2 * n)
        var seen = Set<Int32>()
        for i in 0..<n {
            let channel = withUnsafePointer(to: layout) { av_channel_layout_channel_from_index($0, UInt32(i)) }
            seen.insert(channel.rawValue)
            switch channel {
            case AV_CHAN_FRONT_LEFT: matrix[i] = 1
            case AV_CHAN_FRONT_RIGHT: matrix[n + i] = 1
            case AV_CHAN_FRONT_CENTER: matrix[i] = minus3dB; matrix[n + i] = minus3dB
            case AV_CHAN_SIDE_LEFT, AV_CHAN_BACK_LEFT: matrix[i] = minus3dB
            case AV_CHAN_SIDE_RIGHT, AV_CHAN_BACK_RIGHT: matrix[n + i] = minus3dB
            case AV_CHAN_LOW_FREQUENCY: break
            default: return nil
            }
        }
        return seen.count == 6 ? ChannelMatrix(coefficients: matrix, inputChannels: n) : nil
    }
}
