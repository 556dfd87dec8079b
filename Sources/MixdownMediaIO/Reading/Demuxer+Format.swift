internal import MixdownFFmpeg

extension Demuxer {
    /// The container family, from `formatName`.
    var format: ContainerFormat { ContainerFormat(formatName: formatName) }
}
