/// One side of a zimg graph in Swift terms: 4:2:0 Y'CbCr as a `YCbCrFormat`
/// describes it, or full-resolution linear RGB floats with given primaries (the
/// tone map's working space).
struct ZimgImage {
    enum Kind {
        case ycbcr(YCbCrFormat)
        case linearRGB(primaries: String)
    }

    var width: Int
    var height: Int
    var kind: Kind
}
