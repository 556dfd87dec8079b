internal import MixdownFFmpeg
internal import MixdownTime

/// What a container says about where one audio stream's samples go: the facts
/// `AudioPlacement` places frames by and where the decoded audio ends, read once
/// when the file is opened (and kept by `AudioFacts` for later openings).
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
    /// Axis index just past the last decoded sample, where an MP4/MOV's index
    /// says where its last packet is: that packet decoded (FFmpeg's demuxer
    /// honours the edit list by the packets it delivers and the priming it flags,
    /// and its decoder's last frame plays whole, past a shorter edit or iTunSMPB
    /// length, as FFmpeg's CLI presents it). Nil for other containers, for an MP4
    /// whose index is empty (a fragmented file not yet read), or whose last
    /// packet gives no frame.
    let decodedEnd: Int64?
    /// Whether the frames keep the stream's rate as far as the file's end shows
    /// (a FLAC stream's last 256 KiB, decoded): where it changes
    /// (recordings joined at another rate) the header's length, counted at one
    /// rate, is not the audio's, which must then be decoded to be counted.
    let keepsItsRate: Bool

    /// The layout of stream `index` of `input`, which `findStreamInfo()` has
    /// described and which stands at its start; it is left there (an MP4's last
    /// packet, or a FLAC's last 256 KiB, is decoded, then the demuxer rewound).
    ///
    /// - Throws: `unsupported` when the stream has no time base or sample rate.
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
        decodedEnd = format.hasExactStreamDurations ? Self.lastFrameEnd(input: input, stream: index, timeBase: timeBase, rate: rate, origin: origin) : nil
        keepsItsRate = format == .flac ? Self.lastFramesKeep(rate: rate, input: input, stream: index) : true
        if format.stampsCountSamples, keepsItsRate {
            timing = .stamped
        } else if format.hasExactStreamDurations, facts.frameCount > 0, decodedEnd != nil,
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

    /// Whether the frames of the file's last 256 KiB (all of a smaller file) are
    /// all at `rate`: FLAC's index holds only its seek table, which joined files
    /// and short ones lack. True when they cannot be read (nothing says
    /// otherwise). The demuxer is rewound.
    private static func lastFramesKeep(rate: Int32, input: Demuxer, stream index: Int) -> Bool {
        let tail: Int64 = 256 << 10
        defer { _ = try? input.rewind() }
        guard let source = try? AudioFrameSource(input: input, streamIndex: index) else { return true }
        if let size = input.fileSize, size > 2 * tail {
            guard (try? source.restart(atByte: size - tail)) == true else { return true }
        }
        while let (frame, _) = try? source.next() {
            if frame.sampleRate != rate { return false }
        }
        return true
    }

    /// Axis index just past the last frame, found by decoding the stream from its
    /// last indexed packet on (a fresh decoder: every packet of AAC, AC-3 and the
    /// like decodes alone); nil when there is no index or nothing decodes. The
    /// demuxer is rewound.
    private static func lastFrameEnd(input: Demuxer, stream index: Int, timeBase: TimeBase, rate: Int32, origin: Int64) -> Int64? {
        guard let last = input.indexEntries(ofStream: index).last else { return nil }
        defer { _ = try? input.rewind() }
        guard let source = try? AudioFrameSource(input: input, streamIndex: index),
              (try? source.restart(at: last.timestamp)) == true else { return nil }
        var end: Int64?
        while let (frame, _) = try? source.next() {
            guard let stamp = frame.timestamp else { continue }
            end = max(end ?? .min, timeBase.sampleIndex(ticks: stamp - origin, sampleRate: rate) + Int64(frame.sampleCount))
        }
        return end
    }
}
