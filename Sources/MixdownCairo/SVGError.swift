/// Why an SVG file could not be opened or drawn, naming the file and giving
/// librsvg's reason (or the system's, when the file cannot be read at all).
///
/// MixdownMediaIO turns each into the `MediaIOError` case of the same name at
/// its boundary, with the path and reason as they are: users never see this type.
package enum SVGError: Error, Equatable {
    /// The file does not exist or cannot be opened for reading.
    case missingInput(path: String, reason: String)
    /// The file is not an SVG document librsvg can read, or librsvg could not draw it.
    case unreadableMedia(path: String, reason: String)
}
