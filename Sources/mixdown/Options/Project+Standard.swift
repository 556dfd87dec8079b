import MixdownProject

extension Project {
    /// A new project: the settings a flag left out keeps when no project file
    /// sets them, which the help shows as each flag's default.
    static let standard = Project()
}

extension Project.Item {
    /// A new item: the volume, pan and fades an item has unless told.
    static let standard = Project.Item(path: "")
}
