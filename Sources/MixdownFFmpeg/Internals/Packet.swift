internal import CFFmpeg
package import MixdownTime

/// An `AVPacket` owned by Swift: one compressed frame with its timestamps.
///
/// Timestamps are in ticks of the stream's time base; nil stands for FFmpeg's
/// `AV_NOPTS_VALUE`. A packet is reused: a demuxer or codec fills it, `unref()`
/// releases its data before the next fill.
package final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>

    package init() { pointer = av_packet_alloc() }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&p)
    }

    /// Presentation timestamp, or nil when the packet has none.
    package var pts: Int64? {
        get { let value = pointer.pointee.pts; return value == MX_NOPTS_VALUE ? nil : value }
        set { pointer.pointee.pts = newValue ?? MX_NOPTS_VALUE }
    }

    /// Decoding timestamp, or nil when the packet has none.
    package var dts: Int64? {
        get { let value = pointer.pointee.dts; return value == MX_NOPTS_VALUE ? nil : value }
        set { pointer.pointee.dts = newValue ?? MX_NOPTS_VALUE }
    }

    /// Ticks the packet lasts; 0 when unknown.
    package var duration: Int64 {
        get { pointer.pointee.duration }
        set { pointer.pointee.duration = newValue }
    }

    /// Index of the packet's stream in its container.
    package var streamIndex: Int {
        get { Int(pointer.pointee.stream_index) }
        set { pointer.pointee.stream_index = Int32(newValue) }
    }

    /// Whether the packet is a keyframe (`AV_PKT_FLAG_KEY`).
    package var isKeyframe: Bool {
        get { pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 }
        set {
            if newValue { pointer.pointee.flags |= AV_PKT_FLAG_KEY } else { pointer.pointee.flags &= ~AV_PKT_FLAG_KEY }
        }
    }

    /// Whether the demuxer marks the packet as decoded but not shown
    /// (`AV_PKT_FLAG_DISCARD`): outside the container's edit list.
    package var isDiscarded: Bool {
        pointer.pointee.flags & AV_PKT_FLAG_DISCARD != 0
    }

    /// The samples the packet asks the decoder to drop at its start and end
    /// (priming, padding: `AV_PKT_DATA_SKIP_SAMPLES`); zeros when it says nothing.
    package var skipSamples: (start: Int, end: Int) {
        var size: Int = 0
        guard let side = av_packet_get_side_data(pointer, AV_PKT_DATA_SKIP_SAMPLES, &size), size >= 8 else { return (0, 0) }
        let raw = UnsafeRawPointer(side)
        return (Int(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))),
                Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))))
    }

    /// A copy of the packet's data.
    package var bytes: [UInt8] {
        let p = pointer.pointee
        return p.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(p.size))) } ?? []
    }

    /// Replaces the packet's data by a fresh buffer holding `bytes` (`av_new_packet`),
    /// every other field reset to its default.
    package func setBytes(_ bytes: [UInt8]) -> FFmpegStatus {
        let status = av_new_packet(pointer, Int32(bytes.count))
        guard status >= 0 else { return FFmpegStatus(status) }
        bytes.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { pointer.pointee.data.update(from: start, count: source.count) }
        }
        return FFmpegStatus(status)
    }

    /// Moves pts, dts and duration from ticks of `source` to ticks of `target`,
    /// rounding to nearest (`av_packet_rescale_ts`); unset timestamps stay unset.
    package func rescaleTimestamps(from source: TimeBase, to target: TimeBase) {
        av_packet_rescale_ts(pointer, source.rational, target.rational)
    }

    /// Releases the packet's data and resets its fields, ready for the next fill.
    package func unref() {
        av_packet_unref(pointer)
    }

    /// Takes `other`'s data and fields without copying, leaving `other` empty.
    package func moveReference(from other: Packet) {
        av_packet_move_ref(pointer, other.pointer)
    }
}
