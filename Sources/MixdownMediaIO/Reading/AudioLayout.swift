internal import MixdownFFmpeg
internal import MixdownTime

/// What a container says about where one audio stream's samples go: the facts
/// `AudioPlacement` places frames by and the presentation end, read once when
/// the file is opened (and kept by `MediaFacts` for later openings).
struct AudioLayout: Sendable, Equatable {
    /// The stream's index in its container.
    let streamIndex: Int
    /// The stream's time base: packet and frame timestamps are its ticks.
    let timeBase: TimeBase
    /// The stream's sample rate, in Hz.
    let sampleRate: Int32
    /// Stream ticks of axis sample 0: the file's time 0 (`Demuxer.timelineOrigin`).
    let origin: Int64
    /// How frames after the first are placed.
    let timing: AudioPlacement.Timing
    /// Where the container says the decoded audio ends (stream ticks): MP4/MOV
    /// state it by their edit list, which FFmpeg 5.1 gives as the smaller of
    /// start + duration and the last packet's end (it counts an empty edit in the
    /// duration of some files, not of others), and iTunSMPB's length; nil for
    /// containers whose decoder trims the end itself, or an MP4 that states no
    /// end (a fragmented file whose duration is "unknown" and whose index is empty).
    let containerEnd: Int64?

    /// The layout of stream `index` of `input`, which `findStreamInfo()` has
    /// described and which stands at its start; it is left there (an MP4's last
    /// packet is read, then the demuxer rewound).
    ///
    /// - Throws: `unsupported` when the stream has no time base or sample rate;
    ///   `decodeFailed` when the demuxer cannot seek back.
    init(input: Demuxer, stream index: Int) throws(MediaIOError) {
        let facts = input.facts(ofStream: index)
        guard let timeBase = facts.timing.timeBase else {
            throw .unsupported(path: input.path, reason: "audio stream has no time base")
        }
        guard let rate = facts.audio?.sampleRate, rate > 0 else {
            throw .unsupported(path: input.path, reason: "audio stream has no sample rate")
        }
        streamIndex = index
        self.timeBase = timeBase
        sampleRate = rate
        origin = input.timelineOrigin(ofStream: index)
        let format = input.format
        containerEnd = format.hasExactStreamDurations ? try Self.containerEnd(input: input, stream: index, facts: facts, rate: rate) : nil
        if format.stampsCountSamples {
            timing = .stamped
        } else if format.hasExactStreamDurations, facts.frameCount > 0, containerEnd != nil,
                  Self.tableStepsByPacketLength(input: input, stream: index, timeBase: timeBase, rate: rate) {
            timing = .stamped
        } else {
            timing = .counted
        }
    }

    /// A fresh placement for a decode from the start (or after a seek).
    var placement: AudioPlacement {
        AudioPlacement(timing: timing, origin: origin, timeBase: timeBase, rate: sampleRate)
    }

    /// Axis index (samples from the origin) of stream ticks `ticks`.
    func axisIndex(ticks: Int64) -> Int64 {
        timeBase.sampleIndex(ticks: ticks - origin, sampleRate: sampleRate)
    }

    /// MP4's end: start + duration (not when the duration is ISO BMFF's
    /// "unknown", 0xFFFFFFFF, as fragmented files have), the end of the last
    /// packet (read from the last entry of the index on), and iTunSMPB's length
    /// after the priming, counted from the first packet.
    private static func containerEnd(input: Demuxer, stream index: Int, facts: StreamFacts, rate: Int32) throws(MediaIOError) -> Int64? {
        var ends: [Int64] = []
        if let last = try lastPacketEnd(input, stream: index) { ends.append(last) }
        if let duration = facts.timing.duration, duration > 0, duration != Int64(UInt32.max) {
            ends.append((facts.timing.startTime ?? 0) + duration)
        }
        if let gapless = input.metadataValue("iTunSMPB").flatMap(GaplessInfo.init(iTunSMPB:)),
           let first = input.indexEntries(ofStream: index).first?.timestamp, let timeBase = facts.timing.timeBase,
           let length = try? TimeBase(sampleRate: rate).time(ticks: gapless.priming + gapless.length),
           let ticks = try? timeBase.ticks(length) {
            ends.append(first + ticks)
        }
        return ends.min()
    }

    /// Whether every step of an MP4 sample table is its packet's length in
    /// samples, so timestamps count samples exactly (phones stretch the first
    /// step; some muxers copy Vorbis-style timestamps into AAC).
    private static func tableStepsByPacketLength(input: Demuxer, stream index: Int, timeBase: TimeBase, rate: Int32) -> Bool {
        let entries = input.indexEntries(ofStream: index)
        guard !entries.isEmpty else { return false }
        let num = Int64(timeBase.numerator) * Int64(rate), den = Int64(timeBase.denominator)
        for (entry, next) in zip(entries, entries.dropFirst()) {
            let samples = Int64(input.audioFrameLength(ofStream: index, packetSize: entry.size))
            guard samples > 0, (next.timestamp - entry.timestamp) * num == samples * den else { return false }
        }
        return true
    }

    /// Where the stream's last packet ends (its ticks), as the demuxer times it
    /// (MP4 clips its duration at the edit's end); the demuxer is rewound.
    private static func lastPacketEnd(_ input: Demuxer, stream index: Int) throws(MediaIOError) -> Int64? {
        guard let last = input.indexEntries(ofStream: index).last else { return nil }
        defer { _ = try? input.rewind() }
        guard input.seek(stream: index, to: last.timestamp, backward: true).isSuccess else { return nil }
        let packet = Packet()
        var end: Int64?
        while (try? input.read(into: packet)) == true {
            defer { packet.unref() }
            guard packet.streamIndex == index, let pts = packet.pts else { continue }
            end = max(end ?? .min, pts + max(0, packet.duration))
        }
        return end
    }
}
