import Foundation
import XCTest

/// Clips whose edit list ends before the last frames they store, as phones and
/// cameras write them, made by hand for the tests.
public enum EditListClip {
    /// A 2 s 320×240 25 fps clip with B-frames and AAC audio, as a QuickTime file
    /// (H.264 Main with a 600 time scale, or HEVC in `hvc1`), whose video edit list
    /// is then cut 80 ms short by hand: its last two frames become hidden.
    public static func make(_ path: String, hevc: Bool) throws {
        let video = hevc
            ? ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "bframes=2:keyint=25:log-level=error", "-tag:v", "hvc1"]
            : ["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-bf", "2", "-g", "25", "-video_track_timescale", "600"]
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25",
                                    "-f", "lavfi", "-i", "sine=f=440:r=48000", "-t", "2"] + video
                            + ["-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-f", "mov", path])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // The first `elst` is the video track's: version 0, one entry, its duration (movie ticks of 1 ms) first.
        let name = Array("elst".utf8)
        let at = try XCTUnwrap((0..<(bytes.count - 16)).first { Array(bytes[$0..<($0 + 4)]) == name })
        XCTAssertEqual(Array(bytes[(at + 4)..<(at + 12)]), [0, 0, 0, 0, 0, 0, 0, 1])
        let duration = bytes[(at + 12)..<(at + 16)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } - 80
        for i in 0..<4 { bytes[at + 12 + i] = UInt8(truncatingIfNeeded: duration >> (24 - 8 * i)) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
