internal import CFFmpeg

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

    /// Appends `count` samples from the two channel buffers; returns how many it
    /// took (fewer only out of memory).
    package func write(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int) -> Int {
        var planes: (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) = (UnsafeMutableRawPointer(mutating: left), UnsafeMutableRawPointer(mutating: right))
        return withUnsafeMutablePointer(to: &planes) {
            $0.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 2) {
                Int(av_audio_fifo_write(fifo, $0, Int32(count)))
            }
        }
    }

    /// Moves up to `count` samples from the front into the two channel buffers;
    /// returns how many.
    package func read(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, count: Int) -> Int {
        var planes: (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) = (UnsafeMutableRawPointer(left), UnsafeMutableRawPointer(right))
        return withUnsafeMutablePointer(to: &planes) {
            $0.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 2) {
                Int(av_audio_fifo_read(fifo, $0, Int32(count)))
            }
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
