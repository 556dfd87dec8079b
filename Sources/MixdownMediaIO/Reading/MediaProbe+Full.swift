internal import MixdownTime

extension MediaProbe {
    /// The full probe's one pass over all packets: keyframes, reordering, frame
    /// counts and the skip-samples side data that carries encoder delay.
    static func scanPackets(_ input: Demuxer, into streams: inout [StreamInfo]) throws(MediaIOError) {
        struct Scan {
            var keyframes: [Int64] = []
            var count = 0
            var reorders = false
            var end: Int64 = .min
            var sawFirst = false
            /// Sum of packet durations, and the end-padding the last packet flags.
            var ticks: Int64 = 0
            var endPadding = 0
        }
        var scans = [Scan](repeating: Scan(), count: streams.count)
        let packet = Packet()
        while try input.read(into: packet) {
            defer { packet.unref() }
            let i = packet.streamIndex
            guard i < scans.count else { continue }
            scans[i].count += 1
            scans[i].ticks += packet.duration
            if streams[i].kind == .audio {
                let (start, end) = packet.skipSamples
                if !scans[i].sawFirst { streams[i].encoderDelay = start }
                scans[i].sawFirst = true
                scans[i].endPadding = end
            }
            guard streams[i].kind == .video else { continue }
            if let pts = packet.pts {
                if let dts = packet.dts, dts < pts { scans[i].reorders = true }
                if packet.isKeyframe { scans[i].keyframes.append(pts) }
                scans[i].end = max(scans[i].end, pts + packet.duration)
            }
        }
        let exactDurations = input.format.hasExactStreamDurations
        for i in streams.indices {
            streams[i].packetCount = scans[i].count
            streams[i].isTruncated = streams[i].indexedPacketCount.map { scans[i].count < $0 } ?? false
            guard streams[i].kind == .audio, let rate = streams[i].sampleRate else { continue }
            let timing = input.timing(ofStream: i)
            // MP4/MOV durations come from the edit list and are exact; elsewhere the
            // container's duration is an estimate, so count what the packets hold.
            let ticks = exactDurations ? timing.duration ?? scans[i].ticks : scans[i].ticks
            var samples = timing.samples(ticks: ticks, rate: Int32(rate))
            if !exactDurations { samples -= Int64((streams[i].encoderDelay ?? 0) + scans[i].endPadding) }
            streams[i].sampleCount = max(0, samples)
            streams[i].estimatedSampleCount = streams[i].sampleCount
        }
        for i in streams.indices where streams[i].kind == .video {
            let scan = scans[i]
            let stamps = scan.keyframes.sorted() + (scan.end > .min ? [scan.end] : [])
            let longest = zip(stamps, stamps.dropFirst()).map { $1 - $0 }.max() ?? 0
            streams[i].keyframeCount = scan.keyframes.count
            streams[i].longestKeyframeInterval = (try? streams[i].timeBase?.time(ticks: longest))?.seconds ?? 0
            streams[i].hasFrameReordering = scan.reorders
        }
    }
}
