/// The `<file id>` of each media path: the first clip of a file holds the whole
/// element, later ones refer to it by id.
struct FileIDs {
    private var ids: [String: String] = [:]

    mutating func id(for path: String) -> (id: String, isNew: Bool) {
        if let id = ids[path] { return (id, false) }
        let id = "file-\(ids.count + 1)"
        ids[path] = id
        return (id, true)
    }
}
