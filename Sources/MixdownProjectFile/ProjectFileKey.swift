/// The keys of one kind of object of the project format (``Key``): each case's
/// raw value is the key as a file spells it, and the cases come in the order
/// the format documents them.
protocol ProjectFileKey: RawRepresentable<String>, CaseIterable, Hashable {
    /// Every key an object of this kind may hold, in documented order: what
    /// the reader checks an object's keys against, suggests from and lists
    /// in its "unknown key" message.
    static var known: [String] { get }
}

extension ProjectFileKey {
    static var known: [String] { allCases.map(\.rawValue) }
}

extension Dictionary where Key == String {
    /// The value under a key of the format.
    subscript<Name: ProjectFileKey>(name: Name) -> Value? {
        get { self[name.rawValue] }
        set { self[name.rawValue] = newValue }
    }
}

extension JSONPath {
    /// The value under a key of the format, of the object at this path.
    func appending<Name: ProjectFileKey>(_ name: Name) -> JSONPath {
        appending(name.rawValue)
    }
}
