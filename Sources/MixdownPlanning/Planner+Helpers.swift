import MixdownAudioMix
import MixdownComposition
import MixdownTime
internal import MixdownUnits

/// Small steps of plan building, each turning a lower layer's error into a `PlanningError`.
extension Planner {
    /// Runs the placement of the item at `field`, naming the item in a time
    /// overflow: a start so late that its end cannot be computed.
    static func placing<T>(_ field: String, _ path: String, at start: MediaTime,
                    _ body: () throws(PlanningError) -> T) throws(PlanningError) -> T {
        do {
            return try body()
        } catch {
            switch error {
            case let .time(overflow), let .composition(.time(overflow)):
                throw .invalidValue(field: field, reason: "\(MessageText.shown(path)) at \(start.readable) is too late on the timeline (\(overflow))")
            default: throw error
            }
        }
    }

    /// Refuses a loop that would place more pieces on `track` than it holds
    /// (`CompositionTrack.maximumSegmentCount`), before placing any.
    func checkRepeats(of length: MediaTime, from start: MediaTime, to end: MediaTime, onto track: PlacedTrack, field: String) throws(PlanningError) {
        let limit = CompositionTrack.maximumSegmentCount - track.track.segments.count
        guard end > start else { return }
        // The pieces that start before the end: the range's count of `length`-long "frames", exact.
        let pieces: Int64
        do { pieces = try MediaTimeRange(start: start, end: end).frameCount(frameDuration: length) } catch { throw .time(error) }
        guard pieces > Int64(limit) else { return }
        throw .invalidValue(field: field + ".loop", reason: "a \(length.readable) bed looped from \(start.readable) to \(end.readable) "
            + "is \(pieces) pieces, more than a track holds (\(CompositionTrack.maximumSegmentCount)); loop a longer stretch")
    }

    func layer(_ kind: GainLayer.Kind, _ segments: [GainSegment]) throws(PlanningError) -> GainLayer {
        try mixError { () throws(AudioMixError) in try GainLayer(kind: kind, segments: segments) }
    }

    func mixError<T>(_ body: () throws(AudioMixError) -> T) throws(PlanningError) -> T {
        do { return try body() } catch { throw .audioMix(error) }
    }

    func range(from start: MediaTime, to end: MediaTime, within length: MediaTime, field: String) throws(PlanningError) -> MediaTimeRange {
        guard start >= .zero, start <= length else {
            throw .invalidValue(field: field + ".in", reason: "\(start.readable) is outside the file, which lasts \(length.readable)")
        }
        guard end >= start, end <= length else {
            throw .invalidValue(field: field + ".out", reason: "\(end.readable) must be after the in-point \(start.readable) and within the file's \(length.readable)")
        }
        do { return try MediaTimeRange(start: start, end: end) } catch { throw .time(error) }
    }

    /// `time` moved to the output sample it starts on, round(t × rate) (MediaTime's rule),
    /// so an item's first sample, its fades and the ducking around it all begin on the same sample.
    func onSampleGrid(_ time: MediaTime) throws(PlanningError) -> MediaTime {
        let rate = project.output.sampleRate
        do { return MediaTime(sampleIndex: try time.sampleIndex(sampleRate: rate), sampleRate: rate) } catch { throw .time(error) }
    }

    func shifted(_ range: MediaTimeRange, to start: MediaTime) throws(PlanningError) -> MediaTimeRange {
        do { return try MediaTimeRange(start: start, duration: range.duration) } catch { throw .time(error) }
    }

    func sum(_ a: MediaTime, _ b: MediaTime) throws(PlanningError) -> MediaTime {
        do { return try a + b } catch { throw .time(error) }
    }

    func difference(_ a: MediaTime, _ b: MediaTime) throws(PlanningError) -> MediaTime {
        do { return try a - b } catch { throw .time(error) }
    }

    /// Half of `time`, exact (`MediaTime.halved()`).
    func halve(_ time: MediaTime) throws(PlanningError) -> MediaTime {
        time.halved()
    }
}
