import MixdownMediaIO

/// A meter fed a run of programme frames from `origin`, in calls that never cross
/// the meter's 100 ms grid, and the maxima a programme's figures take from it.
///
/// `origin` is on the grid, so the meter's grid is the programme's: frame t is a
/// grid point when t is a multiple of `step`. A momentary reading at grid point t
/// counts once its 400 ms window lies in what the meter was fed (t ≥ origin + 4
/// steps), a short-term reading once its 3 s window does (t ≥ origin + 30 steps),
/// and the peaks of calls from `peaksFrom` on, each located at the start of its
/// step: so the readings do not depend on the block sizes fed.
final class LoudnessTracker {
    /// The largest reading so far and the programme frame where it was taken; the first of equal readings stays.
    struct Maximum {
        var value = -Double.infinity
        var frame: Int64 = 0

        mutating func offer(_ candidate: Double, at frame: Int64) {
            if candidate > value {
                value = candidate
                self.frame = frame
            }
        }
    }

    let meter: LoudnessMeter
    let origin: Int64
    /// Programme frame from which calls count for the peaks (a grid point).
    let peaksFrom: Int64
    /// Whether it takes momentary readings: each sums the last 400 ms once more.
    let readsMomentary: Bool
    /// Programme frame of the next frame to feed.
    private(set) var position: Int64
    private let step: Int64
    private(set) var momentary = Maximum()
    private(set) var shortTerm = Maximum()
    /// Linear.
    private(set) var truePeak = Maximum()
    /// Linear.
    private(set) var samplePeak = Maximum()

    init(meter: LoudnessMeter, origin: Int64, peaksFrom: Int64, readsMomentary: Bool = true) {
        step = Int64(meter.step)
        precondition(origin % step == 0 && peaksFrom % step == 0, "a loudness tracker starts on the meter's 100 ms grid")
        self.meter = meter
        self.origin = origin
        self.peaksFrom = peaksFrom
        self.readsMomentary = readsMomentary
        position = origin
    }

    /// Feeds `frames`, cut at the meter's 100 ms grid.
    func add(_ frames: LoudnessFrames) throws(MediaIOError) {
        var done = 0
        while done < frames.count {
            let start = position
            let count = Int(min(Int64(frames.count - done), (start / step + 1) * step - start))
            try meter.add(frames.slice(from: done, count: count))
            done += count
            position += Int64(count)
            read(after: start)
        }
    }

    /// The readings after a call that fed `start ..< position`.
    private func read(after start: Int64) {
        let measures = meter.measures
        if start >= peaksFrom, measures.contains(.samplePeak) {
            let cell = start / step * step
            samplePeak.offer(meter.lastSamplePeak, at: cell)
            if measures.contains(.truePeak) { truePeak.offer(meter.lastTruePeak, at: cell) }
        }
        guard position % step == 0 else { return }
        if readsMomentary, position >= origin + 4 * step { momentary.offer(meter.momentary, at: position) }
        if measures.contains(.shortTerm), position >= origin + 30 * step { shortTerm.offer(meter.shortTerm, at: position) }
    }
}
