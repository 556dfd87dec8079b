public import MixdownComposition
public import MixdownDSP
internal import MixdownFFmpeg
internal import MixdownSystem
public import MixdownUnits
internal import MixdownTime

extension Picture {
    /// The picture as a PNG image: RGB converted from video range by `matrix`
    /// by libswscale (chroma interpolated to every pixel, full-range RGB) and
    /// encoded by libavcodec's PNG encoder; 8 bits a channel from an 8-bit
    /// picture, 16 (`rgb48be`) from a 10-bit one. libswscale's 16-bit scale
    /// tops out at 65283 for video-range white (255 × 256 + 3, 0.4 % under full
    /// scale), as ffmpeg's own conversion does; every 10-bit step still has its
    /// own value. The samples are the picture's as they are (an HLG picture is
    /// not tone-mapped): with `dynamicRange` HLG or PQ, a `cICP` chunk (PNG's
    /// third edition: BT.2020 primaries, the HLG or PQ transfer, RGB, full
    /// range) tells viewers that read it how to show them.
    ///
    /// - Throws: `MediaIOError.unsupported` when the conversion or the encoder
    ///   fails (naming `path`, the file it is for).
    public func pngData(matrix: YCbCrMatrix = .bt709, dynamicRange: DynamicRange = .sdr,
                        path: String = "PNG image") throws(MediaIOError) -> [UInt8] {
        let rgb = Frame()
        let format = bitDepth == 8 ? "rgb24" : "rgb48be"
        let allocated = rgb.allocatePicture(format: format, width: width, height: height)
        guard allocated.isSuccess else { throw .unsupported(path: path, reason: "cannot hold a \(width)×\(height) RGB picture: \(allocated.message)") }
        try ffmpeg(ScalerContext().convertToRGB(self, into: rgb, matrix: matrix, path: path))
        let layout = VideoEncoderContext.Layout(width: width, height: height, pixelFormat: format, timeBase: Self.stillTimeBase,
                                                frameRate: nil, threads: 1)
        let encoder = try ffmpeg(VideoEncoderContext(encoder: "png", layout: layout, options: [], path: path))
        rgb.pts = 0
        let packet = Packet()
        var sent = encoder.send(rgb)
        if sent.isSuccess { sent = encoder.send(nil) }
        let received = sent.isSuccess ? encoder.receive(packet) : sent
        guard received.isSuccess else { throw .unsupported(path: path, reason: "PNG encoding failed: \(received.message)") }
        return dynamicRange.isHDR ? Self.taggingCodingPoints(packet.bytes, transfer: dynamicRange == .hlg ? 18 : 16) : packet.bytes
    }

    /// `png` with a `cICP` chunk after its `IHDR` (the first chunk, 8 + 13 + 12
    /// bytes in): BT.2020 primaries (9), `transfer` (H.273: 16 PQ, 18 HLG),
    /// RGB (matrix 0), full range.
    private static func taggingCodingPoints(_ png: [UInt8], transfer: UInt8) -> [UInt8] {
        let afterHeader = 8 + 8 + 13 + 4
        guard png.count > afterHeader, Array(png[12..<16]) == Array("IHDR".utf8) else { return png }
        let body = Array("cICP".utf8) + [9, transfer, 0, 1]
        let crc = crc32(body)
        let chunk = [0, 0, 0, 4] + body + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return Array(png[..<afterHeader]) + chunk + Array(png[afterHeader...])
    }

    /// Writes the picture as a PNG image (`pngData(matrix:dynamicRange:path:)`) to `path`, through a
    /// temporary file beside it renamed into place only when complete.
    ///
    /// - Throws: `cannotCreateOutput` when `path` cannot be an output (as
    ///   `AtomicOutputFile`: one of `inputs`, a folder, a device, a missing
    ///   folder); `writeFailed` when writing fails (a full disk); as `pngData(matrix:dynamicRange:path:)`.
    public func writePNG(to path: String, matrix: YCbCrMatrix = .bt709, dynamicRange: DynamicRange = .sdr,
                         inputs: [String] = []) throws(MediaIOError) {
        let output = try AtomicOutputFile(path: path, inputs: inputs)
        let bytes = try pngData(matrix: matrix, dynamicRange: dynamicRange, path: path)
        let result: Result<Void, SystemError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in
                let file = try FileDescriptor.open(writingTo: output.temporaryPath)
                var written = 0
                do throws(SystemError) {
                    while written < buffer.count {
                        written += try file.write(buffer.baseAddress! + written, count: buffer.count - written, at: Int64(written))
                    }
                } catch {
                    try? file.close()
                    throw error
                }
                try file.close()
            }
        }
        if case let .failure(error) = result { throw .writeFailed(path: path, reason: error.message) }
        try output.commit()
    }

    /// A still has one frame; its time base is a formality.
    private static let stillTimeBase = TimeBase.microseconds
}
