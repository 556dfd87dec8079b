#if canImport(Glibc)
internal import Glibc
#endif

/// An `errno` value from a failed system call.
struct SystemError: Error, Equatable {
    /// The `errno` code.
    let code: Int32

    /// The calling thread's `errno`: read it right after the failed call.
    static var current: SystemError { SystemError(code: errno) }

    /// `EINTR`: a signal interrupted the call; retry it.
    static var interrupted: SystemError { SystemError(code: EINTR) }

    /// The C library's message for the code (`strerror`).
    var message: String { String(cString: strerror(code)) }
}
