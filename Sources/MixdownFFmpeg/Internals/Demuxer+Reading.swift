internal import CFFmpeg
internal import MixdownTime

// What reading asks a container beyond its streams' facts: gapless metadata,
// how the duration was found, the seek index's entries, the codec's frame sizes
// and bit depth; and reading a stream again after discarding it.

extension Demuxer {
    /// Whether stream `index` is a picture attached to the file (cover art in an
    /// MP3 or FLAC: `AV_DISPOSITION_ATTACHED_PIC`), not video.
    package func isAttachedPicture(stream index: Int) -> Bool {
        stream(index).pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0
    }

    /// Whether the demuxer returns stream `index`'s packets (it is not discarded).
    package func isRead(stream index: Int) -> Bool {
        stream(index).pointee.discard != AVDISCARD_ALL
    }

    /// Makes the demuxer return stream `index`'s packets again after `discard(stream:)`.
    package func undiscard(stream index: Int) {
        stream(index).pointee.discard = AVDISCARD_DEFAULT
    }

    /// The container-level metadata value for `key` (`AVFormatContext.metadata`),
    /// e.g. `iTunSMPB`; nil when absent.
    package func metadataValue(_ key: String) -> String? {
        av_dict_get(context.pointee.metadata, key, nil, 0).map { String(cString: $0.pointee.value) }
    }

    /// Whether FFmpeg guessed the container's duration from its bit rate
    /// (`AVFMT_DURATION_FROM_BITRATE`): then no stream duration can be trusted,
    /// not even as an estimate (a VBR MP3 without a Xing header, raw AAC).
    package var durationIsBitRateGuess: Bool {
        context.pointee.duration_estimation_method == AVFMT_DURATION_FROM_BITRATE
    }

    /// Each entry of stream `index`'s seek index, in order: its timestamp (the
    /// stream's ticks) and its packet's size in bytes.
    package func indexEntries(ofStream index: Int) -> [(timestamp: Int64, size: Int)] {
        let stream = stream(index)
        let count = avformat_index_get_entries_count(stream)
        return (0..<count).compactMap { i in
            avformat_index_get_entry(stream, i).map { ($0.pointee.timestamp, Int($0.pointee.size)) }
        }
    }

    /// The samples a packet of `size` bytes of audio stream `index` decodes to,
    /// when the codec fixes it (PCM, AAC, AC-3, MP3…: `av_get_audio_frame_duration2`);
    /// 0 when only decoding can tell (Vorbis, Opus).
    package func audioFrameLength(ofStream index: Int, packetSize size: Int) -> Int {
        Int(av_get_audio_frame_duration2(stream(index).pointee.codecpar, Int32(clamping: size)))
    }

    /// The bits per sample stream `index` is coded with, when the container says (24 for 24-bit FLAC).
    package func bitsPerSample(ofStream index: Int) -> Int? {
        let par = stream(index).pointee.codecpar.pointee
        let bits = par.bits_per_raw_sample > 0 ? par.bits_per_raw_sample : par.bits_per_coded_sample
        return bits > 0 ? Int(bits) : nil
    }

    /// Priming samples the codec parameters ask the decoder to drop
    /// (`initial_padding`: Opus pre-skip in Matroska), which no packet flags.
    package func initialPadding(ofStream index: Int) -> Int {
        Int(stream(index).pointee.codecpar.pointee.initial_padding)
    }

    /// The version of the FFmpeg libraries in use (`av_version_info`), for messages.
    package static var ffmpegVersion: String {
        av_version_info().map { String(cString: $0) } ?? "?"
    }
}
