extension HEVCRenumbering {
    /// `unit` with its payload's first bits rewritten by `edit`, which reads the
    /// old fields from the reader and writes the new ones: the first `headBytes`
    /// escaped bytes (more when they end in a zero) are decoded, edited and
    /// escaped again, and the bytes after them copied. `keepingEscapes` (slices)
    /// refuses an edit that would add, drop or move an escape after the edited bits.
    static func rewrite(_ unit: NALUnit, headBytes: Int, keepingEscapes: Bool,
                        edit: (inout BitReader, inout BitWriter) throws(BitstreamError) -> Void) throws(BitstreamError) -> NALUnit {
        let bytes = unit.bytes
        guard bytes.count > 2 else { throw .truncated("a NAL unit of type \(unit.hevcType)") }
        // Split where no zero run is pending (after neither a 00 nor an 03 that may be an escape),
        // so both halves decode the way the whole did.
        var end = min(max(headBytes, 3), bytes.count)
        while end < bytes.count, bytes[end - 1] == 0 || bytes[end - 1] == 3 { end += 1 }
        let (oldRBSP, oldEscapes) = EmulationPrevention.rbspAndEscapes(bytes[2..<end])
        var reader = BitReader(oldRBSP)
        var writer = BitWriter()
        try edit(&reader, &writer)
        let shift = writer.bitCount - reader.bitPosition
        guard shift % 8 == 0 else {
            throw .unsupported("an id change of \(shift) bits is not a whole byte")
        }
        let oldEditEnd = (reader.bitPosition + 7) / 8
        try writer.append(bits: reader.bitsLeft, from: &reader)
        let newRBSP = writer.bytes
        let delta = shift / 8
        // In a slice, escapes after the edited bytes must stay where they were (relative to the bytes
        // they precede), up to the first non-zero byte, after which escaping goes as it went: the
        // entry-point offsets count the escape bytes of the slice data. (The new id ends in a 1 bit, so
        // this holds by construction; the check guards the reasoning.)
        var sync = oldEditEnd
        while sync < oldRBSP.count, oldRBSP[sync] == 0 { sync += 1 }
        let window = oldEditEnd...sync
        let newEscapes = EmulationPrevention.escapes(in: newRBSP)
        guard !keepingEscapes || oldEscapes.filter(window.contains) == newEscapes.filter({ window.contains($0 - delta) }).map({ $0 - delta }) else {
            throw .unsupported("an emulation-prevention byte would appear, vanish or move next to the rewritten ids")
        }
        return NALUnit(bytes: Array(bytes[0..<2]) + (try EmulationPrevention.joining(newRBSP, escapedTail: bytes[end...])))
    }

    /// Replaces the `bits`-bit id the reader is at (which must be 0) with `value`.
    static func replaceFixed(_ reader: inout BitReader, _ writer: inout BitWriter, bits: Int, with value: Int,
                             what: String) throws(BitstreamError) {
        let old = Int(try reader.u(bits))
        guard old == 0 else { throw .unsupported("\(what) is \(old), not 0") }
        guard value >= 0, value < 1 << bits else { throw .invalid("\(what) \(value) does not fit \(bits) bits") }
        writer.u(UInt64(value), bits: bits)
    }

    /// Replaces the `ue(v)` id the reader is at (which must be 0) with `value`.
    static func replaceExpGolomb(_ reader: inout BitReader, _ writer: inout BitWriter, with value: Int,
                                 what: String) throws(BitstreamError) {
        let old = try reader.ue()
        guard old == 0 else { throw .unsupported("\(what) is \(old), not 0") }
        guard value >= 0 else { throw .invalid("\(what) \(value)") }
        let change = BitWriter.ueLength(value) - BitWriter.ueLength(old)
        guard change % 8 == 0 else {
            throw .unsupported("an id change of \(old) to \(value) is not a whole byte (\(change) bits)")
        }
        writer.ue(value)
    }
}
