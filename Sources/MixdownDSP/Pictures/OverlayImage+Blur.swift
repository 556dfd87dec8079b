extension OverlayImage {
    /// Turns the image into a soft white mask: its alpha softened by three passes of a box blur of `radius` pixels each way, horizontally then
    /// vertically (close to a Gaussian of standard deviation `radius`, reaching
    /// `3 × radius` pixels from an edge; outside the image is transparent), its
    /// colour white (premultiplied: every byte the alpha).
    ///
    /// Cairo has no blur; this is how a text's shadow, drawn on an image of its
    /// own and used only as a mask through its alpha, gets a soft edge.
    package func blurAlpha(radius: Int) {
        guard radius >= 1 else { return }
        var alpha = [Int32](repeating: 0, count: width * height)
        for y in 0..<height {
            let line = row(y)
            for x in 0..<width { alpha[y * width + x] = Int32(line[4 * x + 3]) }
        }
        var scratch = [Int32](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for y in 0..<height { Self.boxBlur(&alpha, start: y * width, step: 1, count: width, radius: radius, scratch: &scratch) }
            for x in 0..<width { Self.boxBlur(&alpha, start: x, step: width, count: height, radius: radius, scratch: &scratch) }
        }
        for y in 0..<height {
            let line = row(y)
            for x in 0..<width {
                let value = UInt8(clamping: alpha[y * width + x])
                for byte in 0..<4 { line[4 * x + byte] = value }
            }
        }
    }

    /// One box pass over `count` values `step` apart from `start`: each becomes
    /// the rounded mean of the `2 × radius + 1` around it (zeros beyond the ends).
    private static func boxBlur(_ values: inout [Int32], start: Int, step: Int, count: Int, radius: Int,
                                scratch: inout [Int32]) {
        let span = Int32(2 * radius + 1)
        var sum: Int32 = 0
        for index in 0..<min(radius, count) { sum += values[start + index * step] }
        for index in 0..<count {
            let entering = index + radius, leaving = index - radius - 1
            if entering < count { sum += values[start + entering * step] }
            if leaving >= 0 { sum -= values[start + leaving * step] }
            scratch[index] = (sum + span / 2) / span
        }
        for index in 0..<count { values[start + index * step] = scratch[index] }
    }
}
