internal import CFFmpeg

/// libavfilter, opened the first time something asks for it (`mx_avfilter_load`
/// in the shim): runs that filter nothing never load it or its dependencies.
enum LibAVFilter {
    /// Its functions, or nil and why it could not be opened (dlerror's reason, which names the file).
    private static let opened: (functions: MXAVFilterFunctions?, reason: String) = {
        var reason: UnsafePointer<CChar>?
        let table = mx_avfilter_load(&reason)
        return (table?.pointee, reason.map { String(cString: $0) } ?? "cannot be opened")
    }()

    /// libavfilter's functions, for the work `name` names (a graph, in error messages).
    ///
    /// - Throws: `unsupported` naming `name`, with the loader's reason, when the library cannot be opened.
    static func functions(for name: String) throws(FFmpegError) -> MXAVFilterFunctions {
        guard let functions = opened.functions else { throw .unsupported(path: name, reason: opened.reason) }
        return functions
    }
}
