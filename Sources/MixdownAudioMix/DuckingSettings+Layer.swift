import MixdownTime
import MixdownUnits

extension DuckingSettings {
    /// The duck layer for voice `regions`: 1 where no voice is near, the duck
    /// gain under voice, with ramps between.
    ///
    /// Rules, in order:
    /// 1. Regions with `ducks == false` or an empty range are ignored.
    /// 2. Regions whose gap (next start − current end) is shorter than
    ///    `max(maxPause, fadeDown + fadeUp)` are bridged into one group;
    ///    overlapping regions always are. A group ducks by the deepest depth
    ///    among its regions.
    /// 3. For each group `[s, e)` with duck gain `g = 10^(depth/20)` (`DuckDepth.gain`): a ramp
    ///    `1 → g` over `[s − fadeDown, s)`, `g` until `e`, and a ramp `g → 1`
    ///    over `[e, e + fadeUp)`; then 1 until the next group's ramp.
    /// 4. A ramp down that would start before 0 is kept whole but only its
    ///    part from 0 on is ever rendered: the layer starts at time 0 already
    ///    partly down, at the value the ramp has there.
    ///
    /// Because of rule 2 the ramps of separate groups never overlap.
    ///
    /// - Throws: ``AudioMixError/invalidSetting(name:reason:)`` for a negative length;
    ///   ``AudioMixError/time(_:)`` if time arithmetic overflows.
    public func duckLayer(for regions: [DuckRegion]) throws(AudioMixError) -> GainLayer {
        try validate()
        var segments: [GainSegment] = []
        for group in try groups(of: regions) {
            let gain = group.depth.gain
            let (down, up) = try withTimeArithmetic { () throws(MediaTimeError) in
                (try MediaTimeRange(start: group.start - fadeDown, end: group.start),
                 try MediaTimeRange(start: group.end, duration: fadeUp))
            }
            segments.append(.ramp(from: 1, to: gain, over: down, curve: curve))
            segments.append(.constant(gain, from: group.start, to: group.end))
            segments.append(.ramp(from: gain, to: 1, over: up, curve: curve))
        }
        return try GainLayer(kind: .duck, segments: segments)
    }

    /// The groups `regions` make under rules 1 and 2 of ``duckLayer(for:)``, each as
    /// one region over its whole span with the depth it ducks by (the deepest of
    /// its regions'; the settings' ``depth`` for those with none). A layer made for
    /// these is the layer made for `regions`: what a caller needs to choose a
    /// depth per group (ducking by loudness) without changing where the ducks are.
    ///
    /// - Throws: ``AudioMixError/time(_:)`` if time arithmetic overflows.
    public func bridged(_ regions: [DuckRegion]) throws(AudioMixError) -> [DuckRegion] {
        var bridged: [DuckRegion] = []
        for group in try groups(of: regions) {
            let range = try withTimeArithmetic { () throws(MediaTimeError) in try MediaTimeRange(start: group.start, end: group.end) }
            bridged.append(DuckRegion(range: range, depth: group.depth))
        }
        return bridged
    }

    /// A run of bridged voice regions and the depth it ducks by.
    private struct Group {
        var start: MediaTime
        var end: MediaTime
        var depth: DuckDepth
    }

    /// Rules 1 and 2 of ``duckLayer(for:)``.
    private func groups(of regions: [DuckRegion]) throws(AudioMixError) -> [Group] {
        let active = regions.filter { $0.ducks && !$0.range.isEmpty }.sorted { $0.range.start < $1.range.start }
        let bridge = max(maxPause, try withTimeArithmetic { () throws(MediaTimeError) in try fadeDown + fadeUp })
        var groups: [Group] = []
        for region in active {
            let depth = region.depth ?? self.depth
            if let last = groups.last,
               try withTimeArithmetic({ () throws(MediaTimeError) in try region.range.start - last.end }) < bridge {
                groups[groups.count - 1].end = max(last.end, region.range.end)
                groups[groups.count - 1].depth = min(last.depth, depth)
            } else {
                groups.append(Group(start: region.range.start, end: region.range.end, depth: depth))
            }
        }
        return groups
    }

    private func validate() throws(AudioMixError) {
        for (name, length) in [("duck fade-down", fadeDown), ("duck fade-up", fadeUp), ("duck max pause", maxPause)]
        where length < .zero {
            throw .invalidSetting(name: name, reason: "must not be negative, got \(length.readable)")
        }
    }
}
