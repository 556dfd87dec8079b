/// Why an H.264 or HEVC structure could not be read or rewritten.
package enum BitstreamError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes ended while reading the named field or structure.
    case truncated(String)
    /// The bytes are valid but hold something this module does not handle (a
    /// layered stream, an id change that is not a whole byte): the reason, in words.
    case unsupported(String)
    /// The bytes break the syntax (a value out of its range, a unit of the wrong type).
    case invalid(String)

    /// One readable line.
    package var description: String {
        switch self {
        case .truncated(let what): "the bitstream ends inside \(what)"
        case .unsupported(let reason): "unsupported bitstream: \(reason)"
        case .invalid(let reason): "invalid bitstream: \(reason)"
        }
    }
}
