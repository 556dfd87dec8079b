internal import MixdownBitstream

/// How a re-encoded stretch's NAL units join a track of copied packets whose
/// decoder configuration (`avcC`, `hvcC`) holds every parameter set: the
/// stretch's own sets and access unit delimiters dropped from its packets, and,
/// for HEVC, its slices moved to the renumbered sets.
enum SpliceUnits: Sendable {
    /// H.264: the stretch's SPS and PPS already have their own ids (x264's `sps-id`).
    case h264
    /// HEVC: libx265's ids (all 0) renumbered to `ids`.
    case hevc(HEVCParameterSetIDs)

    /// `units` of one packet as the track stores them.
    ///
    /// - Throws: `writeFailed` for SEI that names parameter-set ids (buffering
    ///   period, active parameter sets: libx265 writes them only with `hrd`) or
    ///   a slice whose renumbering fails.
    func rewrite(_ units: [NALUnit]) throws(MediaIOError) -> [NALUnit] {
        switch self {
        case .h264:
            return units.filter { ![7, 8, 9].contains($0.h264Type) }
        case let .hevc(ids):
            var kept: [NALUnit] = []
            for unit in units {
                switch unit.hevcType {
                case 32...35: continue
                case 39, 40:
                    let types: [Int]
                    do { types = try HEVCRenumbering.seiPayloadTypes(unit) } catch { throw Self.failure("\(error)") }
                    if let named = types.first(where: { [0, 129].contains($0) }) {
                        throw Self.failure("a re-encoded stretch carries SEI payload \(named), which names parameter sets")
                    }
                    kept.append(unit)
                case 0...31:
                    do { kept.append(try HEVCRenumbering.renumber(unit, to: ids)) } catch { throw Self.failure("\(error)") }
                default:
                    kept.append(unit)
                }
            }
            return kept
        }
    }

    private static func failure(_ reason: String) -> MediaIOError {
        .writeFailed(path: "video", reason: "smart render: \(reason); use --full-render")
    }
}
