extension NALUnit {
    /// The unit's `nuh_layer_id` as HEVC numbers it: 0 for the base layer, more for
    /// the layers of MV-HEVC and SHVC (spatial video); -1 for a unit shorter than its header.
    package var hevcLayerID: Int {
        bytes.count >= 2 ? Int(bytes[0] & 1) << 5 | Int(bytes[1] >> 3) : -1
    }

    /// A reader at the first payload bit of an HEVC unit of NAL type `type` in
    /// the base layer, emulation prevention removed; `name` names it in errors.
    func hevcPayloadReader(type: Int, name: String) throws(BitstreamError) -> BitReader {
        guard bytes.count > 2 else { throw .truncated("the NAL unit header of a \(name)") }
        guard hevcType == type else { throw .invalid("NAL type \(hevcType) is not a \(name) (\(type))") }
        guard hevcLayerID == 0 else { throw .unsupported("nuh_layer_id \(hevcLayerID) (layered HEVC)") }
        return BitReader(EmulationPrevention.rbsp(bytes[2...]))
    }
}
