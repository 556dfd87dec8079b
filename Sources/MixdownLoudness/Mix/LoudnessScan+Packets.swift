import MixdownDSP
import MixdownMediaIO
import MixdownRender

extension LoudnessScan {
    /// Meters an AAC stream from its packets, in memory: the figures
    /// ``init(file:frameCount:sampleRate:threads:measures:truePeakBy:isCancelled:)``
    /// reads from the file they are written to, without waiting for the file. An
    /// export checks what it writes this way while its file is being finished.
    ///
    /// `packets` are a whole stream in order, every one 1024 frames after the one
    /// before (the first at `-encoderDelay`, the priming), as the encoders of an
    /// export hand them out; `frameCount` frames at `settings.sampleRate` are
    /// metered, silence where the packets end early. Each stretch decodes from
    /// the packet before its frames (an AAC frame overlaps the one before), on
    /// at most `threads` threads.
    ///
    /// - Throws: `decodeFailed` naming `path` when a packet does not decode or the
    ///   packets are not one stream; `cancelled`.
    public init(packets: [EncodedAudioPacket], settings: AACSettings, configuration: [UInt8], frameCount: Int64, path: String,
                threads: Int = AudioRenderer.defaultThreadCount, measures: LoudnessMeter.Measures = .all,
                truePeakBy reading: TruePeakReading = .libebur128,
                isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) {
        let frame = Int64(AACPacketDecoder.frameSize)
        let origin = packets.first?.presentationTime ?? 0
        for (index, packet) in packets.enumerated() where packet.presentationTime != origin + Int64(index) * frame {
            throw .decodeFailed(path: path, reason: "AAC packet \(index) at \(packet.presentationTime), not \(origin + Int64(index) * frame)")
        }
        let feeds = try Self.feeds(frameCount: frameCount, sampleRate: settings.sampleRate, threads: threads, measures: measures,
                                   reading: reading)
        _ = try WorkerPool<Void>.runEach(feeds.count) { job, isStopped throws(MediaIOError) in
            let feed = feeds[job]
            let decoder = try AACPacketDecoder(settings: settings, configuration: configuration, path: path)
            // From the packet before the first frame wanted: its samples only prime the decoder.
            var index = min(packets.count, max(0, Int((feed.range.lowerBound - origin) / frame) - 1))
            var position = feed.range.lowerBound
            while index < packets.count, position < feed.range.upperBound {
                if isCancelled() || isStopped() { throw .cancelled }
                try decoder.decode(packets[index]) { audio, at throws(MediaIOError) in
                    let span = (at..<at + Int64(audio.count)).clamped(to: position..<feed.range.upperBound)
                    guard !span.isEmpty else { return }
                    let offset = Int(span.lowerBound - at)
                    try feed.add(audio.slice(offset..<offset + span.count), at: span.lowerBound)
                    position = span.upperBound
                }
                index += 1
            }
            try Self.feedSilence(feed, from: position)
        }
        self.init(figures: Self.figures(of: feeds, sampleRate: settings.sampleRate), limiting: nil)
    }

    /// Feeds silence to `feed` from `position` to the end of its range.
    static func feedSilence(_ feed: StretchFeed, from position: Int64) throws(MediaIOError) {
        let silence = AudioBuffer(capacity: 4096)
        var position = position
        while position < feed.range.upperBound {
            let count = Int(min(Int64(silence.capacity), feed.range.upperBound - position))
            try feed.add(silence.slice(0..<count), at: position)
            position += Int64(count)
        }
    }
}
