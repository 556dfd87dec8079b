public import MixdownDSP
internal import MixdownUnits
internal import MixdownZimg

extension OverlayConverter {
    /// `image` placed in an HDR composition as an SDR clip's pixels are: a
    /// 10-bit overlay whose every pixel is where `PictureColourConverter` puts
    /// that pixel's colour (white at BT.2408's reference white: HLG 721, PQ 573),
    /// for drawing at positions of `phase`'s parity.
    ///
    /// libswscale turns the premultiplied R'G'B' into premultiplied BT.709
    /// Y'CbCr at full resolution (as for SDR); each sample is unpremultiplied
    /// (`zero + (sample − zero)·255/alpha`, rounded; a transparent pixel becomes
    /// black, which alpha 0 hides), libzimg converts the straight 4:4:4 samples
    /// pixel by pixel (`mapping`'s conversion: no chroma filter mixes a pixel with
    /// its neighbours, so an edge keeps its own colour), and they are premultiplied
    /// again at 10 bits (`zero + (sample − zero)·alpha/255`, rounded; zeros 64 and
    /// 512). Chroma and its alpha are the 2×2 means, as for SDR. Opaque pixels
    /// are exact; a faint edge carries the 8-bit premultiplied sample's rounding.
    ///
    /// - Parameters:
    ///   - image: The overlay's pixels.
    ///   - phase: The parity of the positions it is drawn at.
    ///   - mapping: The composition's placement of SDR graphics.
    /// - Throws: `MediaIOError.unsupported` when libswscale or libzimg refuses it,
    ///   `decodeFailed` when libzimg fails.
    public func convert(_ image: OverlayImage, phase: (x: Int, y: Int), mapping: GraphicsColourMapping) throws(MediaIOError) -> YCbCrOverlay {
        let overlay = YCbCrOverlay(imageWidth: image.width, imageHeight: image.height, phase: (phase.x & 1, phase.y & 1), bitDepth: 10)
        // Graphics are BT.709 SDR: their Y'CbCr by its matrix, whatever the render's.
        let (pixels, samples) = try premultipliedSamples(of: image, on: overlay, matrix: .bt709)
        let width = overlay.width, height = overlay.height
        let straight = scratch(&self.straight, count: 3, width: width, height: height)
        let converted = scratch(&self.converted, count: 3, width: 2 * width, height: height)
        let zeros8 = [16, 128, 128], zeros10 = [64, 512, 512]
        for y in 0..<height {
            let alpha = pixels.row(y, of: 3)
            for plane in 0..<3 {
                let from = samples.row(y, of: plane), to = straight.row(y, of: plane), zero = zeros8[plane]
                for x in 0..<width {
                    to[x] = UInt8(max(0, min(255, zero + Self.scaled(Int(from[x]) - zero, by: 255, over: Int(alpha[x])))))
                }
            }
        }
        let zimg = try fullResolutionConversion(by: mapping, width: width, height: height)
        do {
            try zimg.convert(from: YCbCrPlanes(y: straight.base(0), yStride: straight.stride, cb: straight.base(1), cbStride: straight.stride,
                                               cr: straight.base(2), crStride: straight.stride),
                             into: MutableYCbCrPlanes(y: converted.base(0), yStride: converted.stride, cb: converted.base(1),
                                                      cbStride: converted.stride, cr: converted.base(2), crStride: converted.stride))
        } catch {
            throw .decodeFailed(path: name, reason: "colour conversion: \(error)")
        }
        for y in 0..<height {
            let alpha = pixels.row(y, of: 3)
            for plane in 0..<3 {
                let words = Self.words(converted, row: y, plane: plane), zero = zeros10[plane]
                for x in 0..<width {
                    words[x] = UInt16(zero + Self.scaled(Int(words[x]) - zero, by: Int(alpha[x]), over: 255))
                }
            }
            overlay.row(y, of: .alpha).update(from: alpha, count: width)
        }
        let half = width / 2
        for y in 0..<(height / 2) {
            for (index, plane) in [(1, YCbCrOverlay.Plane.cb), (2, .cr)] {
                let top = Self.words(converted, row: 2 * y, plane: index), bottom = Self.words(converted, row: 2 * y + 1, plane: index)
                let out = overlay.row16(y, of: plane)
                for x in 0..<half {
                    // Rounded half up, as DSP.average2x2 rounds 8-bit chroma.
                    out[x] = UInt16((Int(top[2 * x]) + Int(top[2 * x + 1]) + Int(bottom[2 * x]) + Int(bottom[2 * x + 1]) + 2) >> 2)
                }
            }
            DSP.average2x2(into: overlay.row(y, of: .chromaAlpha), pixels.row(2 * y, of: 3), pixels.row(2 * y + 1, of: 3), count: half)
        }
        for y in 0..<height { overlay.row16(y, of: .y).update(from: Self.words(converted, row: y, plane: 0), count: width) }
        return overlay
    }

    /// The libzimg conversion of `width × height` graphics by `mapping`: the last
    /// one when the size and mapping are the same.
    private func fullResolutionConversion(by mapping: GraphicsColourMapping, width: Int, height: Int) throws(MediaIOError) -> ColourConversion {
        if let conversion, conversion.mapping === mapping, conversion.conversion.width == width, conversion.conversion.height == height {
            return conversion.conversion
        }
        let made = try mapping.fullResolutionConversion(width: width, height: height)
        conversion = (mapping, made)
        return made
    }

    /// `value × numerator / denominator` rounded to nearest, halves away from
    /// zero (so a sample's offset from its zero scales alike either side); 0
    /// when `denominator` is 0 (a transparent pixel).
    static func scaled(_ value: Int, by numerator: Int, over denominator: Int) -> Int {
        guard denominator > 0 else { return 0 }
        let magnitude = (2 * abs(value) * numerator + denominator) / (2 * denominator)
        return value < 0 ? -magnitude : magnitude
    }

    /// Row `row` of `plane` of 16-bit words kept in byte planes twice as wide.
    private static func words(_ planes: BytePlanes, row: Int, plane: Int) -> UnsafeMutablePointer<UInt16> {
        UnsafeMutableRawPointer(planes.row(row, of: plane)).assumingMemoryBound(to: UInt16.self)
    }
}
