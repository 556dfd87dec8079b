import Foundation

/// A camera-like AVCHD clip made by ffmpeg: interlaced H.264 (x264 with open
/// GOPs, so its I-frames after the first are not IDR but carry a recovery point,
/// as cameras write them) with AC-3 in MPEG-TS, cut by stream copy at its second
/// GOP (as a camera splits a long recording into files) so that it has no IDR
/// and its first I-frame's leading pictures reference frames before the file;
/// its timestamps start near 1.04 s.
public enum CameraClip {
    /// Writes the clip into `folder` and returns its path.
    public static func make(in folder: TemporaryFolder) throws -> String {
        let whole = folder.file("recording.mts"), clip = folder.file("00001.mts")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25",
                                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "1.5",
                                    "-c:v", "libx264", "-preset", "ultrafast", "-flags", "+ildct+ilme",
                                    "-x264-params", "open-gop=1:keyint=12:bframes=3:b-pyramid=normal", "-c:a", "ac3",
                                    "-f", "mpegts", whole])
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-ss", "0.5", "-i", whole, "-c", "copy",
                                    "-muxdelay", "0", "-muxpreload", "0", "-output_ts_offset", "1.04", "-f", "mpegts", clip])
        return clip
    }
}
