/// HEVC's and H.264's emulation prevention: inside a NAL unit, an `03` byte
/// follows every `00 00` that comes before a byte of `00` to `03`, so no start
/// code appears by accident.
package enum EmulationPrevention {
    /// The payload of `escaped` (NAL unit bytes after the header) with every
    /// emulation prevention byte (an `03` after `00 00`) removed.
    package static func rbsp(_ escaped: ArraySlice<UInt8>) -> [UInt8] {
        rbspAndEscapes(escaped).rbsp
    }

    /// `rbsp` with an `03` put before every byte of `00` to `03` that follows `00 00`.
    package static func escaped(_ rbsp: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rbsp.count + rbsp.count / 64 + 4)
        var zeros = 0
        for byte in rbsp {
            if zeros >= 2, byte <= 3 {
                out.append(3)
                zeros = 0
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }

    /// `rbspHead` escaped, then `escapedTail` (bytes of a unit that were escaped
    /// already) as they are: how a unit whose first bytes changed is put back
    /// together without escaping it all again.
    ///
    /// The tail must start where the unit it came from had no zero bytes
    /// pending (its byte before was neither `00` nor an escape's `03`).
    ///
    /// - Parameters:
    ///   - rbspHead: the new first bytes, emulation prevention removed.
    ///   - escapedTail: the rest of the unit, emulation prevention kept.
    /// - Throws: `BitstreamError.unsupported` when a `00 00 0x` (x ≤ 3) pattern would
    ///   span the join: the tail would need an escape it lacks or lose a byte to one.
    package static func joining(_ rbspHead: [UInt8], escapedTail: ArraySlice<UInt8>) throws(BitstreamError) -> [UInt8] {
        let head = escaped(rbspHead)
        if let next = escapedTail.first {
            let zeros = head.reversed().prefix { $0 == 0 }.count
            let following = escapedTail.dropFirst().first ?? 0xFF
            if (zeros >= 2 && next <= 3) || (zeros == 1 && next == 0 && following <= 3) {
                throw .unsupported("a 00 00 0x pattern spans the rewritten header")
            }
        }
        return head + escapedTail
    }

    /// The RBSP of `escaped` and the RBSP indices before which an emulation
    /// prevention byte stood.
    static func rbspAndEscapes(_ escaped: ArraySlice<UInt8>) -> (rbsp: [UInt8], escapes: [Int]) {
        var rbsp: [UInt8] = []
        rbsp.reserveCapacity(escaped.count)
        var escapes: [Int] = []
        var zeros = 0
        for byte in escaped {
            if zeros >= 2, byte == 3 {
                escapes.append(rbsp.count)
                zeros = 0
                continue
            }
            rbsp.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return (rbsp, escapes)
    }

    /// The RBSP indices before which `escaped(_:)` puts an emulation prevention byte.
    static func escapes(in rbsp: [UInt8]) -> [Int] {
        var escapes: [Int] = []
        var zeros = 0
        for (index, byte) in rbsp.enumerated() {
            if zeros >= 2, byte <= 3 {
                escapes.append(index)
                zeros = 0
            }
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return escapes
    }
}
