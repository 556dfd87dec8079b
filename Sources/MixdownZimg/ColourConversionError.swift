/// Why a colour conversion cannot be made or run.
package enum ColourConversionError: Error, Hashable, CustomStringConvertible {
    /// A colour property by a name this conversion does not know (`property` is
    /// `matrix`, `transfer`, `primaries`, `range` or `chroma location`).
    case unsupported(property: String, name: String)
    /// A bit depth other than 8 or 10.
    case unsupportedBitDepth(Int)
    /// A picture size that is not positive and even on both sides (4:2:0).
    case badSize(width: Int, height: Int)
    /// A source or mastering peak luminance that is not a positive number of cd/m².
    case badPeakLuminance(Double)
    /// A plane (`Y`, `Cb` or `Cr`, of the `source` or the `target`) whose base
    /// address or stride is not a multiple of 32 bytes.
    case misaligned(plane: String)
    /// zimg refused to build or run the conversion: its error code and message.
    case library(code: Int, message: String)

    /// What failed, in a sentence for a message.
    package var description: String {
        switch self {
        case let .unsupported(property, name): "no colour conversion for \(property) \"\(name)\""
        case let .unsupportedBitDepth(depth): "no colour conversion at \(depth) bits (8 or 10 are)"
        case let .badSize(width, height): "no colour conversion of a \(width)x\(height) picture (4:2:0 needs even sides)"
        case let .badPeakLuminance(peak): "a peak luminance of \(peak) cd/m² is not a positive number"
        case let .misaligned(plane): "the \(plane) plane is not 32-byte aligned (its base or stride)"
        case let .library(code, message): "zimg failed (\(code)): \(message)"
        }
    }
}
