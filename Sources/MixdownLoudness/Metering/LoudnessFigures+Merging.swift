extension LoudnessFigures {
    /// The figures of a programme measured in `stretches`, which cover it from
    /// frame 0 in order, each fed all of its ``LoudnessStretch/feedRange``.
    ///
    /// The integrated loudness pools every stretch's gating blocks
    /// (`ebur128_loudness_global_multiple`) and the range every stretch's 3 s
    /// blocks (`ebur128_loudness_range_multiple`); peaks and maxima are the
    /// largest of any stretch. The result equals one pass over the programme but
    /// for the integrated loudness, within 0.001 LU (see ``LoudnessStretch``).
    /// Read it only once every stretch's thread is done with it.
    public init(merging stretches: [LoudnessStretch]) {
        precondition(!stretches.isEmpty, "no stretches to merge")
        for (stretch, next) in zip(stretches, stretches.dropFirst()) {
            precondition(stretch.range.upperBound == next.range.lowerBound, "loudness stretches must abut")
        }
        precondition(stretches[0].range.lowerBound == 0 && stretches.allSatisfy(\.isComplete),
                     "loudness stretches must start at 0 and be fed completely")
        let integrating = stretches.map(\.integrating), ranging = stretches.compactMap(\.ranging)
        self.init(integrated: LoudnessMeter.integrated(of: integrating.map(\.meter)),
                  range: ranging.count == stretches.count ? LoudnessMeter.range(of: ranging.map(\.meter)) : 0,
                  peaks: integrating, shortTerm: ranging, sampleRate: stretches[0].sampleRate.hertz)
    }
}
