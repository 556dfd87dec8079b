internal import MixdownComposition
internal import MixdownFFmpeg
internal import MixdownTime

extension MovieWriter {
    /// A soft subtitle track being written: its encoder and stream.
    struct SubtitleStream {
        let track: CaptionTrack
        let encoder: SubtitleEncoderContext
        let index: Int
    }

    /// Adds a `mov_text` stream per track, before the header is written.
    static func addSubtitleStreams(_ tracks: [CaptionTrack], to output: Muxer, path: String) throws(MediaIOError) -> [SubtitleStream] {
        var streams: [SubtitleStream] = []
        for track in tracks {
            let encoder = try ffmpeg(SubtitleEncoderContext(globalHeader: output.needsGlobalHeader, path: path))
            let index = try ffmpeg(output.addSubtitleStream(encodedBy: encoder, language: track.language))
            streams.append(SubtitleStream(track: track, encoder: encoder, index: index))
        }
        return streams
    }

    /// Encodes every cue of every subtitle track and hands the packets to the
    /// muxer's interleaving queue at once, after the header: they are small,
    /// and a stream with a packet queued never holds the others back while it
    /// waits for its next cue.
    func writeSubtitles() throws(MediaIOError) {
        for stream in subtitleStreams {
            let samples: SubtitleSamples
            do { samples = try SubtitleSamples(stream.track) } catch {
                throw .writeFailed(path: path, reason: "\(stream.track.path): \(error)")
            }
            guard let timeBase = output.timeBase(ofStream: stream.index) else {
                throw .cannotCreateOutput(path: path, reason: "the muxer gave the subtitle stream no time base")
            }
            for sample in samples.samples {
                let bytes = try ffmpeg(stream.encoder.encode(assText: sample.text, durationMilliseconds: sample.duration))
                let status = packet.setBytes(bytes)
                guard status.isSuccess else { throw .writeFailed(path: path, reason: "subtitle packet: \(status.message)") }
                packet.pts = sample.start
                packet.dts = sample.start
                packet.duration = sample.duration
                packet.isKeyframe = true
                packet.rescaleTimestamps(from: stream.encoder.timeBase, to: timeBase)
                try ffmpeg(output.write(packet, stream: stream.index))
            }
        }
    }
}
