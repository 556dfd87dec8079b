/// An HEVC decoder configuration record (`hvcC`), as MP4 and MOV store a
/// stream's parameter sets: a 23-byte header (profile, tier, level, sample
/// format, NAL length size), then arrays of NAL units by type.
package struct HEVCDecoderConfiguration: Hashable, Sendable {
    /// One array of the record: units of one NAL type.
    package struct NALArray: Hashable, Sendable {
        /// `array_completeness`: every unit of this type is in the record, none in the samples.
        package var complete: Bool
        /// `NAL_unit_type`: 32 VPS, 33 SPS, 34 PPS, 39 and 40 SEI.
        package var type: Int
        /// The units, header included, emulation prevention kept.
        package var units: [NALUnit]
    }

    /// The header's 22 bytes after `configurationVersion`, as read.
    private var header: [UInt8]
    /// The arrays, in record order.
    package var arrays: [NALArray]

    /// Reads `record`.
    ///
    /// - Throws: `BitstreamError.invalid` when `record` is not an `hvcC`
    ///   (version 1), `.truncated` when it is cut short.
    package init(record: [UInt8]) throws(BitstreamError) {
        guard record.count >= 23 else { throw .truncated("an hvcC header (\(record.count) of 23 bytes)") }
        guard record[0] == 1 else { throw .invalid("hvcC configurationVersion \(record[0]), not 1") }
        header = Array(record[1..<23])
        arrays = []
        var offset = 23
        func sixteen() throws(BitstreamError) -> Int {
            guard offset + 2 <= record.count else { throw .truncated("an hvcC array") }
            defer { offset += 2 }
            return Int(record[offset]) << 8 | Int(record[offset + 1])
        }
        for _ in 0..<Int(record[22]) {
            guard offset < record.count else { throw .truncated("an hvcC array") }
            let complete = record[offset] & 0x80 != 0
            let type = Int(record[offset] & 0x3F)
            offset += 1
            var units: [NALUnit] = []
            for _ in 0..<(try sixteen()) {
                let length = try sixteen()
                guard offset + length <= record.count else { throw .truncated("a NAL unit of an hvcC array") }
                units.append(NALUnit(bytes: Array(record[offset..<offset + length])))
                offset += length
            }
            arrays.append(NALArray(complete: complete, type: type, units: units))
        }
    }

    /// A record of `header` (the 22 bytes after the version) and `arrays`.
    init(header: [UInt8], arrays: [NALArray]) {
        self.header = header
        self.arrays = arrays
    }

    /// The record's bytes.
    package var record: [UInt8] {
        var bytes: [UInt8] = [1] + header
        bytes[22] = UInt8(arrays.count)
        for array in arrays {
            bytes.append((array.complete ? 0x80 : 0) | UInt8(array.type & 0x3F))
            bytes += [UInt8(array.units.count >> 8), UInt8(array.units.count & 0xFF)]
            for unit in array.units {
                bytes += [UInt8(unit.bytes.count >> 8 & 0xFF), UInt8(unit.bytes.count & 0xFF)] + unit.bytes
            }
        }
        return bytes
    }

    /// Every unit of every array, in record order.
    package var units: [NALUnit] { arrays.flatMap(\.units) }

    /// The NAL length prefix size of the record's samples, 1, 2 or 4 bytes.
    package var lengthSize: Int { Int(header[20] & 3) + 1 }

    /// The header's general profile, tier and level.
    package var profileTierLevel: HEVCProfileTierLevel {
        get {
            HEVCProfileTierLevel(
                profileSpace: Int(header[0] >> 6), highTier: header[0] & 0x20 != 0, profileIDC: Int(header[0] & 0x1F),
                compatibilityFlags: UInt32(Self.number(header[1..<5])), constraintFlags: Self.number(header[5..<11]),
                levelIDC: Int(header[11]))
        }
        set {
            header[0] = UInt8(newValue.profileSpace & 3) << 6 | (newValue.highTier ? 0x20 : 0) | UInt8(newValue.profileIDC & 0x1F)
            for index in 0..<4 { header[1 + index] = UInt8(truncatingIfNeeded: newValue.compatibilityFlags >> UInt32(24 - 8 * index)) }
            for index in 0..<6 { header[5 + index] = UInt8(truncatingIfNeeded: newValue.constraintFlags >> UInt64(40 - 8 * index)) }
            header[11] = UInt8(newValue.levelIDC & 0xFF)
        }
    }

    /// `general_tier_flag`: the High tier.
    package var highTier: Bool { profileTierLevel.highTier }
    /// `general_profile_idc`.
    package var profileIDC: Int { profileTierLevel.profileIDC }
    /// `general_level_idc`, 30 times the level.
    package var levelIDC: Int { profileTierLevel.levelIDC }
    /// `general_profile_compatibility_flags`, flag 0 in the most significant bit.
    package var compatibilityFlags: UInt32 { profileTierLevel.compatibilityFlags }
    /// `general_constraint_indicator_flags`, 48 bits.
    package var constraintFlags: UInt64 { profileTierLevel.constraintFlags }

    /// `min_spatial_segmentation_idc` (0: no promise).
    package var minSpatialSegmentation: Int {
        get { Int(header[12] & 0x0F) << 8 | Int(header[13]) }
        set {
            header[12] = 0xF0 | UInt8(newValue >> 8 & 0x0F)
            header[13] = UInt8(newValue & 0xFF)
        }
    }

    /// `parallelismType`: 0 mixed or unknown, 1 slices, 2 tiles, 3 wavefront (WPP).
    package var parallelismType: Int {
        get { Int(header[14] & 3) }
        set { header[14] = 0xFC | UInt8(newValue & 3) }
    }

    /// `chromaFormat` as the header says it; some writers get it wrong, so the
    /// SPS's `chroma_format_idc` is the one to trust.
    package var chromaFormat: Int { Int(header[15] & 3) }
    /// `bitDepthLumaMinus8` + 8, as the header says it.
    package var bitDepthLuma: Int { Int(header[16] & 7) + 8 }
    /// `bitDepthChromaMinus8` + 8, as the header says it.
    package var bitDepthChroma: Int { Int(header[17] & 7) + 8 }

    /// `numTemporalLayers`: 0 unknown, 1 not temporally scalable, more the sub-layer count.
    package var numTemporalLayers: Int {
        get { Int(header[20] >> 3 & 7) }
        set { header[20] = header[20] & 0xC7 | UInt8(newValue & 7) << 3 }
    }

    /// `temporalIdNested`.
    package var temporalIDNested: Bool {
        get { header[20] & 4 != 0 }
        set { header[20] = header[20] & 0xFB | (newValue ? 4 : 0) }
    }

    /// A big-endian number of `bytes`.
    private static func number(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
