import Dispatch
import MixdownDSP
import MixdownMediaIO

/// One writer's frames on their way to its meter: copied into a few slots by
/// the writer's thread, metered by a thread of the lane's own, so that metering
/// runs on a core the render leaves idle rather than in the render's path.
///
/// Unchecked Sendable: the writer touches a slot only between `free.wait()` and
/// `ready.signal()`, the meter's thread only between `ready.wait()` and
/// `free.signal()`; the semaphores order the accesses, and the pool's join
/// orders what the meter's thread leaves behind (``failure``).
final class MeteringLane: @unchecked Sendable {
    /// Slots in flight, and frames per slot.
    static let depth = 4
    static let slotFrames = 16_384

    /// The slots' memory, and a view of each slot.
    private let frames: AudioBuffer
    private let slots: [MutableAudioSlice]
    /// Per slot: the file frame of its first frame, and its frame count (-1 ends the lane).
    private let marks: UnsafeMutablePointer<(first: Int64, count: Int)>
    /// Free slots. Made at 0 and signalled `depth` times: libdispatch traps when
    /// a semaphore is released below the value it was made with.
    private let free = DispatchSemaphore(value: 0)
    private let ready = DispatchSemaphore(value: 0)
    /// Writer side: slots filled; whether the lane was ended.
    private var produced = 0
    private(set) var isEnded = false
    /// The first error the meter threw; read after the meter's thread is joined.
    private(set) var failure: MediaIOError?

    init() {
        var frames = AudioBuffer(capacity: Self.depth * Self.slotFrames)
        slots = (0..<Self.depth).map { frames.mutableSlice($0 * Self.slotFrames..<($0 + 1) * Self.slotFrames) }
        self.frames = frames
        marks = .allocate(capacity: Self.depth)
        marks.initialize(repeating: (0, 0), count: Self.depth)
        for _ in 0..<Self.depth { free.signal() }
    }

    deinit {
        marks.deallocate()
    }

    /// Queues a copy of `audio`, file frames from `first`, waiting for a free
    /// slot when the meter is behind (the writer's thread).
    func add(_ audio: AudioSlice, at first: Int64) {
        var done = 0
        while done < audio.count {
            let count = min(Self.slotFrames, audio.count - done)
            let slot = take()
            slots[slot].slice(0..<count).update(from: audio.slice(done..<done + count))
            marks[slot] = (first + Int64(done), count)
            ready.signal()
            done += count
        }
    }

    /// Ends the lane: the meter's thread returns once it has metered everything queued.
    func end() {
        guard !isEnded else { return }
        isEnded = true
        marks[take()] = (0, -1)
        ready.signal()
    }

    /// Meters the queued frames with `meter` until the lane ends (the lane's
    /// thread); after an error, it drains the lane without metering.
    func drain(into meter: (AudioSlice, Int64) throws(MediaIOError) -> Void) {
        var slot = 0
        while true {
            ready.wait()
            let mark = marks[slot]
            if mark.count < 0 { return }
            if failure == nil {
                do {
                    try meter(AudioSlice(slots[slot].slice(0..<mark.count)), mark.first)
                } catch {
                    failure = error
                }
            }
            free.signal()
            slot = (slot + 1) % Self.depth
        }
    }

    /// The next slot to fill, once it is free.
    private func take() -> Int {
        free.wait()
        defer { produced += 1 }
        return produced % Self.depth
    }
}
