import Foundation
import MixdownProject

extension Project {
    /// The project as a project file: pretty-printed JSON with sorted keys,
    /// holding `version` and only the values that differ from their defaults.
    ///
    /// Times are numbers of seconds when that number reads back exactly, else
    /// strings (`"1234567890.123456789"`); volumes are gain factors. Media
    /// under `baseDirectory` (the folder the file will live in) get paths
    /// relative to it, others absolute; `nil` keeps paths as they are.
    /// ``load(contentsOf:)`` of the result gives this project back.
    public func jsonData(relativeTo baseDirectory: String?) -> Data {
        Data(ProjectFileWriter(baseDirectory: baseDirectory).document(for: self).rendered().utf8)
    }
}
