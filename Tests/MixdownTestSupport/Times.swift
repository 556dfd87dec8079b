import MixdownComposition
import MixdownMediaIO
import MixdownTime

/// A time from text such as `12.5` or `1:02.25`, for test inputs known to be valid.
public func t(_ text: String) -> MediaTime {
    do { return try MediaTime(parsing: text) } catch { preconditionFailure("test time \(text): \(error)") }
}

/// `value` seconds on a microsecond grid.
public func seconds(_ value: Double) throws -> MediaTime {
    try MediaTime(seconds: value, preferredTimescale: 1_000_000)
}

/// The stitch plan of `clips`, each file scanned once, as planning makes it.
public func stitchPlan(_ clips: [VideoClipRequest], snapToKeyframes: Bool = false,
                       checkCompatibility: Bool = true) throws -> VideoStitchPlan {
    var infos: [String: VideoClipInfo] = [:]
    for clip in clips where infos[clip.path] == nil {
        infos[clip.path] = try VideoClipInfo(path: clip.path)
    }
    return try VideoStitchPlan(clips: clips, infos: infos, snapToKeyframes: snapToKeyframes,
                               checkCompatibility: checkCompatibility)
}
