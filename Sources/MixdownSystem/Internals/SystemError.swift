#if canImport(Glibc)
internal import Glibc
#endif

/// An `errno` value from a failed system call.
package struct SystemError: Error, Equatable {
    /// The `errno` code.
    package let code: Int32

    /// The error of `errno` value `code`.
    package init(code: Int32) {
        self.code = code
    }

    /// The calling thread's `errno`: read it right after the failed call.
    package static var current: SystemError { SystemError(code: errno) }

    /// `EINTR`: a signal interrupted the call; retry it.
    package static var interrupted: SystemError { SystemError(code: EINTR) }

    /// `EIO`: a file gave fewer bytes than it holds.
    package static var inputOutput: SystemError { SystemError(code: EIO) }

    /// `EAGAIN`: the file changed while it was read; read it again later.
    package static var tryAgain: SystemError { SystemError(code: EAGAIN) }

    /// The C library's message for the code (`strerror`).
    package var message: String { String(cString: strerror(code)) }
}
