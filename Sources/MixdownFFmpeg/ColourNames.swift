/// A stream's or an encoder's colours by FFmpeg's names (`av_color_range_name`
/// and its siblings: `tv`, `bt709`, `smpte2084`, `left`…), nil where unspecified:
/// MixdownMediaIO's `VideoColourProperties`, as the wrappers read and write them.
package typealias ColourNames = (range: String?, primaries: String?, transfer: String?, matrix: String?, chromaLocation: String?)
