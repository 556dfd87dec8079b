internal import CFFmpeg

/// libavfilter, opened the first time something asks for it (`mx_avfilter_load`
/// in the shim): runs that filter nothing never load it or its dependencies.
enum LibAVFilter {
    /// Its functions, or why it could not be opened (dlerror's reason, which names the file).
    private static let opened: Result<MXAVFilterFunctions, FFmpegError> = {
        var reason: UnsafePointer<CChar>?
        guard let table = mx_avfilter_load(&reason) else {
            return .failure(.unsupported(path: "libavfilter", reason: reason.map { String(cString: $0) } ?? "cannot be opened"))
        }
        return .success(table.pointee)
    }()

    /// libavfilter's functions, for the work `name` names (a graph, in error messages).
    ///
    /// - Throws: `unsupported` naming `name`, with the loader's reason, when the library cannot be opened.
    static func functions(for name: String) throws(FFmpegError) -> MXAVFilterFunctions {
        switch opened {
        case let .success(functions): return functions
        case let .failure(.unsupported(_, reason)): throw .unsupported(path: name, reason: reason)
        case let .failure(error): throw error
        }
    }
}
