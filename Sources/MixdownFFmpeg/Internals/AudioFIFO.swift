internal import CFFmpeg
package import MixdownDSP

/// A growable queue of planar float stereo samples (`AVAudioFifo`), freed with it.
///
/// Counts are samples per channel. Writes grow the queue as needed; reads take
/// from its front.
package final class AudioFIFO {
    private let fifo: OpaquePointer

    /// An empty queue with room for `capacity` samples before it grows; nil out of memory.
    package init?(capacity: Int) {
        guard let fifo = av_audio_fifo_alloc(AV_SAMPLE_FMT_FLTP, 2, Int32(capacity)) else { return nil }
        self.fifo = fifo
    }

    deinit {
        av_audio_fifo_free(fifo)
    }

    /// Samples queued.
    package var count: Int { Int(av_audio_fifo_size(fifo)) }

    /// Appends the frames of `audio` (stereo); returns how many it took (fewer only out of memory).
    package func write(_ audio: AudioSlice) -> Int {
        precondition(audio.channelCount == 2, "an audio FIFO of stereo fed \(audio.channelCount) channels")
        guard let left = audio.left.baseAddress, let right = audio.right.baseAddress else { return 0 }
        return write(left: left, right: right, count: audio.count)
    }

    /// Appends `count` frames from the planes `left` and `right`; returns how many it took (fewer only out of memory).
    package func write(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int) -> Int {
        // FFmpeg's FIFO takes non-const planes for writes too; it only reads them.
        var planes: (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) = (UnsafeMutableRawPointer(mutating: left), UnsafeMutableRawPointer(mutating: right))
        return transfer(&planes) { av_audio_fifo_write(fifo, $0, Int32(count)) }
    }

    /// Moves up to `destination.count` frames from the front into `destination`
    /// (stereo); returns how many.
    package func read(into destination: MutableAudioSlice) -> Int {
        precondition(destination.channelCount == 2, "an audio FIFO of stereo read into \(destination.channelCount) channels")
        var planes = (UnsafeMutableRawPointer(destination.left.baseAddress), UnsafeMutableRawPointer(destination.right.baseAddress))
        return transfer(&planes) { av_audio_fifo_read(fifo, $0, Int32(destination.count)) }
    }

    /// Runs `call` with `planes` as the plane array FFmpeg's FIFO calls take; returns its count.
    private func transfer(_ planes: inout (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?),
                          _ call: (UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32) -> Int {
        withUnsafeMutablePointer(to: &planes) {
            $0.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 2) { Int(call($0)) }
        }
    }

    /// Moves up to `count` samples from the front into `frame`'s planes, which
    /// must hold that many (planar float stereo); returns how many.
    package func read(into frame: Frame, count: Int) -> Int {
        let read = frame.pointer.pointee.extended_data.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 2) {
            av_audio_fifo_read(fifo, $0, Int32(count))
        }
        return Int(read)
    }

    /// Drops `count` samples from the front.
    package func drain(_ count: Int) {
        av_audio_fifo_drain(fifo, Int32(count))
    }

    /// Empties the queue.
    package func reset() {
        av_audio_fifo_reset(fifo)
    }
}
