internal import MixdownBitstream
internal import MixdownComposition
internal import MixdownFFmpeg

// A stream's colour as it is read at probe and scan time, without decoding.

extension VideoColourDescription {
    /// The colour `video`'s codec parameters and side data state, with the HDR
    /// static metadata of the SEI in the decoder configuration and in
    /// `firstPacket` (a `codec` packet as the container stores it; nil when none
    /// was read) where the
    /// container states none: x265 writes its mastering display and light
    /// levels only there.
    init(_ video: StreamFacts.Video, codec: String, firstPacket: [UInt8]?) {
        let names = video.colour
        self.init(bitDepth: video.bitDepth, range: names.range, primaries: names.primaries, transfer: names.transfer,
                  matrix: names.matrix, chromaLocation: names.chromaLocation)
        let hdr = video.hdr
        if hdr.masteringPrimaries != nil || hdr.masteringLuminance != nil {
            func point(_ index: Int) -> MasteringDisplay.Chromaticity? {
                hdr.masteringPrimaries.map { MasteringDisplay.Chromaticity(x: $0[index].x, y: $0[index].y) }
            }
            masteringDisplay = MasteringDisplay(red: point(0), green: point(1), blue: point(2), whitePoint: point(3),
                                                minLuminance: hdr.masteringLuminance?.min, maxLuminance: hdr.masteringLuminance?.max)
        }
        contentLightLevel = hdr.contentLightLevel.map {
            ContentLightLevel(maxContentLightLevel: $0.maxCLL, maxFrameAverageLightLevel: $0.maxFALL)
        }
        dolbyVision = hdr.dolbyVision.map {
            DolbyVisionConfiguration(versionMajor: $0.versionMajor, versionMinor: $0.versionMinor, profile: $0.profile,
                                     level: $0.level, rpuPresent: $0.rpuPresent, enhancementLayerPresent: $0.enhancementLayerPresent,
                                     baseLayerPresent: $0.baseLayerPresent, baseLayerCompatibility: $0.baseLayerCompatibility)
        }
        if masteringDisplay == nil || contentLightLevel == nil {
            addStaticMetadata(HDRMetadataSEI(codec: codec, decoderConfiguration: video.decoderConfiguration, packet: firstPacket ?? []))
        }
    }

    /// Fills in what the container left out from the SEI's coded values: chromaticities
    /// in 0.00002, luminance in 0.0001 cd/m² (FFmpeg's scale for them, so the
    /// values equal what it reads into a decoded frame's side data).
    private mutating func addStaticMetadata(_ sei: HDRMetadataSEI) {
        if masteringDisplay == nil, let coded = sei.masteringDisplay {
            func point(_ p: (x: Int, y: Int)) -> MasteringDisplay.Chromaticity {
                MasteringDisplay.Chromaticity(x: Double(p.x) / 50000, y: Double(p.y) / 50000)
            }
            // The SEI lists green, blue, red.
            masteringDisplay = MasteringDisplay(red: point(coded.primaries[2]), green: point(coded.primaries[0]),
                                                blue: point(coded.primaries[1]), whitePoint: point(coded.whitePoint),
                                                minLuminance: Double(coded.minLuminance) / 10000,
                                                maxLuminance: Double(coded.maxLuminance) / 10000)
        }
        if contentLightLevel == nil, let light = sei.contentLightLevel {
            contentLightLevel = ContentLightLevel(maxContentLightLevel: light.maxCLL, maxFrameAverageLightLevel: light.maxFALL)
        }
    }
}
