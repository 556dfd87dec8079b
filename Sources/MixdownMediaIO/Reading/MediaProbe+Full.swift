internal import MixdownFFmpeg
internal import MixdownTime

extension MediaProbe {
    /// The full probe's one pass over all packets: keyframes, reordering, frame
    /// counts and the skip-samples side data that carries encoder delay (the
    /// audio's sample count comes from decoding it: `describePlayedAudio`), and
    /// each video stream's first packet.
    static func scanPackets(_ input: Demuxer, into streams: inout [StreamInfo],
                            firstVideoPackets: inout [Int: [UInt8]]) throws(MediaIOError) {
        struct Scan {
            var keyframes: [Int64] = []
            var count = 0
            var reorders = false
            var end: Int64 = .min
            var sawFirst = false
        }
        var scans = [Scan](repeating: Scan(), count: streams.count)
        let packet = Packet()
        while try ffmpeg(input.read(into: packet)) {
            defer { packet.unref() }
            let i = packet.streamIndex
            guard i < scans.count else { continue }
            scans[i].count += 1
            if streams[i].kind == .audio, !scans[i].sawFirst {
                streams[i].encoderDelay = packet.skipSamples.start
                scans[i].sawFirst = true
            }
            guard streams[i].kind == .video else { continue }
            if scans[i].count == 1 { firstVideoPackets[i] = packet.bytes }
            if let pts = packet.pts {
                if let dts = packet.dts, dts < pts { scans[i].reorders = true }
                if packet.isKeyframe { scans[i].keyframes.append(pts) }
                scans[i].end = max(scans[i].end, pts + packet.duration)
            }
        }
        for i in streams.indices {
            streams[i].packetCount = scans[i].count
            streams[i].isTruncated = streams[i].indexedPacketCount.map { scans[i].count < $0 } ?? false
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
