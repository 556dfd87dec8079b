import Foundation
import MixdownTime

extension OTIOImport {
    /// The file a clip plays, or nil when it plays as `silence` (the
    /// background, or silence): a generator always, missing media only with
    /// `allowMissing`, said in a note either way.
    ///
    /// - Throws: ``InterchangeError/missingMedia(file:item:tried:)`` for media
    ///   that is not found, without `allowMissing`.
    mutating func media(of clip: OTIOClip, at time: MediaTime, playsAs silence: String) throws(InterchangeError) -> String? {
        let name = clip.info.named("clip")
        let tried: [String]
        let what: String
        switch clip.media {
        case let .external(url, _):
            let found = resolver.resolve(url)
            if let path = found.path {
                guard !OTIOImport.isTimeline(path) else {
                    let circular = (path as NSString).standardizingPath == (file as NSString).standardizingPath
                    throw .invalid(file: file, path: clip.info.path, reason: circular
                        ? "\(name) refers to this timeline itself (a circular reference), not to media"
                        : "\(name) refers to another timeline (\(path)), not to media; nested timelines are not imported")
                }
                return path
            }
            tried = found.tried
            what = "media not found (\(found.tried.first ?? url))"
        case .missing:
            tried = []
            what = "no media (a MissingReference)"
        case let .generator(kind, _):
            notes.append("\(name) at \(time.readable): a generator (\(kind.isEmpty ? "unnamed" : kind)) that Mixdown does not draw: plays as \(silence)")
            return nil
        case let .other(schema, _):
            tried = []
            what = "media of a kind Mixdown does not play (\(schema))"
        }
        guard options.allowMissing else {
            throw .missingMedia(file: file, item: tried.isEmpty ? "\(name) (\(what))" : name, tried: tried)
        }
        notes.append("\(name) at \(time.readable): \(what): plays as \(silence) (--allow-missing)")
        return nil
    }
}
