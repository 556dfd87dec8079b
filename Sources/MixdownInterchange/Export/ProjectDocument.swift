import Foundation
import MixdownAudioMix
import MixdownProject
import MixdownProjectFile

/// The project as its file writes it, split for the `mixdown` metadata: the
/// settings (everything but the three lists of items) and each item's object.
struct ProjectDocument {
    var settings: ExportJSON
    var items: [MixPart: [ExportJSON]]

    /// `project` as `Project.jsonData(relativeTo: folder)` writes it.
    init(_ project: Project, relativeTo folder: String) throws(TimelineExportError) {
        let data = project.jsonData(relativeTo: folder)
        let object: [String: Any]
        do {
            guard let read = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw TimelineExportError.projectDocument("not an object")
            }
            object = read
        } catch let error as TimelineExportError {
            throw error
        } catch {
            throw .projectDocument("\(error)")
        }
        var settings: [(String, ExportJSON)] = []
        items = [:]
        for key in object.keys.sorted() {
            if let part = MixPart(rawValue: key) {
                items[part] = (object[key] as? [Any] ?? []).map(ExportJSON.converting)
            } else {
                settings.append((key, ExportJSON.converting(object[key]!)))
            }
        }
        self.settings = .object(settings)
    }

    /// The object of `part[index]`, `null` if there is none.
    func item(_ part: MixPart, _ index: Int) -> ExportJSON {
        guard let list = items[part], list.indices.contains(index) else { return .null }
        return list[index]
    }
}
