internal import MixdownDSP
internal import MixdownFFmpeg

extension OverlayImageSource {
    /// Each frame's start and duration in ticks, in presentation order, from the
    /// packets (read, not decoded); the demuxer is left at the end.
    static func frameTimings(of input: Demuxer, stream: Int, path: String) throws(MediaIOError) -> [(start: Int64, duration: Int64)] {
        var timings: [(start: Int64, duration: Int64)] = []
        let packet = Packet()
        while try unreadable(path, try ffmpeg(input.read(into: packet))) {
            defer { packet.unref() }
            guard packet.streamIndex == stream else { continue }
            // An image without timestamps (a still) is one frame at 0.
            let start = packet.pts ?? packet.dts ?? (timings.last.map { $0.start + max(1, $0.duration) } ?? 0)
            timings.append((start, packet.duration))
        }
        timings.sort { $0.start < $1.start }
        return timings
    }

    /// Back to the first frame: the demuxer rewound (or, for one that cannot
    /// seek, the file opened again) and a new decoder, since an animation's
    /// decoder composes each frame over what it drew before.
    func restart() throws(MediaIOError) {
        do {
            try input.rewind()
        } catch {
            input = try Demuxer.openImage(path: path)
            input.discardAll(except: [stream])
        }
        codec = try ffmpeg(DecoderContext(input: input, stream: stream, path: path))
        decodedCount = 0
        inputEnded = false
    }

    /// Frame `index` at its natural size, premultiplied: held, just decoded, or
    /// decoded now (from the first frame again when `index` is behind the decoder).
    func picture(_ index: Int) throws(MediaIOError) -> OverlayImage {
        if let image = held[index] { return image }
        if let natural, natural.index == index { return natural.image }
        if index < decodedCount { try restart() }
        while decodedCount <= index {
            guard try decodeNextFrame() else {
                throw .decodeFailed(path: path, reason: "frame \(index + 1) of \(frameCount) did not decode (the decoder gave \(decodedCount))")
            }
            decodedCount += 1
            guard decodedCount > index || !held.isEmpty else {
                frame.unref()
                continue
            }
            defer { frame.unref() }
            // Frames met on the way are kept too while all of them fit.
            let image = OverlayImage(width: width, height: height)
            try ffmpeg(scaler.convert(frame, intoPixels: image, path: path))
            let words = image.stride / 4 * image.height
            image.base.withMemoryRebound(to: UInt32.self, capacity: words) { DSP.premultiply($0, count: words) }
            if !held.isEmpty { held[decodedCount - 1] = image }
            natural = (decodedCount - 1, image)
        }
        guard let natural, natural.index == index else {
            throw .decodeFailed(path: path, reason: "frame \(index + 1) of \(frameCount) did not decode")
        }
        return natural.image
    }

    /// Decodes the next frame into `frame`; false when the file has no more.
    private func decodeNextFrame() throws(MediaIOError) -> Bool {
        while true {
            let status = codec.receive(frame)
            if status.isSuccess { return true }
            if status == .endOfFile { return false }
            guard status == .again else { throw .decodeFailed(path: path, reason: status.message) }
            if inputEnded { return false }
            if try ffmpeg(input.read(into: packet)) {
                defer { packet.unref() }
                guard packet.streamIndex == stream else { continue }
                let sent = codec.send(packet)
                guard sent.isSuccess else { throw .decodeFailed(path: path, reason: sent.message) }
            } else {
                inputEnded = true
                codec.sendEndOfStream()
            }
        }
    }

    /// `source` (premultiplied) scaled to `width × height` with libswscale:
    /// blue, green, red and alpha as four planes filtered alike, so colour and
    /// coverage stay together; what bicubic ringing leaves above a pixel's alpha
    /// is clamped to it.
    func scaled(_ source: OverlayImage, width: Int, height: Int) throws(MediaIOError) -> OverlayImage {
        let from = BytePlanes(count: 4, width: source.width, height: source.height)
        for y in 0..<source.height {
            source.row(y).withMemoryRebound(to: UInt32.self, capacity: source.width) { pixels in
                DSP.split(pixels, blue: from.row(y, of: 0), green: from.row(y, of: 1), red: from.row(y, of: 2),
                          alpha: from.row(y, of: 3), count: source.width)
            }
        }
        let to = BytePlanes(count: 4, width: width, height: height)
        try ffmpeg(resizer.scale(from, into: to, method: .bicubic, path: path))
        let image = OverlayImage(width: width, height: height)
        for y in 0..<height {
            image.row(y).withMemoryRebound(to: UInt32.self, capacity: width) { pixels in
                DSP.merge(into: pixels, blue: to.row(y, of: 0), green: to.row(y, of: 1), red: to.row(y, of: 2),
                          alpha: to.row(y, of: 3), count: width)
            }
        }
        return image
    }
}
