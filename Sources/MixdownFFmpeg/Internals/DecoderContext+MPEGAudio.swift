internal import CFFmpeg

extension DecoderContext {
    /// How many samples this decoder would give for `packet`, told from the
    /// packet's first bytes without decoding it: what lets a seek in a stream
    /// whose timestamps do not count samples (an MP3 file) count its way to
    /// the target instead of decoding it.
    ///
    /// Only FFmpeg's MPEG audio decoders (layers I–III, whose outcome for a
    /// packet its header decides) answer: 0 for a packet they give no frame for
    /// (an ID3v1 tag, a header they reject: a tag's bytes in a joined file),
    /// else a whole frame's samples. Nil for any other decoder, and wherever
    /// the header alone does not decide: a packet asking for samples to be
    /// skipped (encoder delay and padding), a free-format or cut-off frame, or
    /// a frame at another rate or channel count than the decoder's now (which
    /// would restart the resampling). The caller then decodes from there.
    package func mpegAudioFrameLength(of packet: Packet) -> Int? {
        let codec = context.pointee.codec_id
        guard codec == AV_CODEC_ID_MP3 || codec == AV_CODEC_ID_MP2 || codec == AV_CODEC_ID_MP1 else { return nil }
        let raw = packet.pointer.pointee
        var sideSize: Int = 0
        if av_packet_get_side_data(packet.pointer, AV_PKT_DATA_SKIP_SAMPLES, &sideSize) != nil { return nil }
        // An empty packet is never sent (see `send`).
        guard let data = raw.data, raw.size > 0 else { return 0 }
        let size = Int(raw.size)
        // As the decoder does: zero bytes before the header are skipped, fewer than
        // four bytes left is rejected, an ID3v1 tag is consumed without a frame.
        var start = 0
        while start < size, data[start] == 0 { start += 1 }
        guard size - start >= 4 else { return 0 }
        let header = UInt32(data[start]) << 24 | UInt32(data[start + 1]) << 16 | UInt32(data[start + 2]) << 8 | UInt32(data[start + 3])
        if header >> 8 == 0x54_41_47 { return 0 }
        var fields = MXMPADecodeHeader()
        let status = avpriv_mpegaudio_decode_header(&fields, header)
        if status < 0 || fields.frame_size <= 0 { return status == 1 ? nil : 0 }
        guard status == 0, fields.frame_size <= size - start,
              fields.sample_rate == context.pointee.sample_rate,
              fields.nb_channels == context.pointee.ch_layout.nb_channels else { return nil }
        switch fields.layer {
        case 1: return 384
        case 2: return 1152
        default: return fields.lsf != 0 ? 576 : 1152
        }
    }
}
