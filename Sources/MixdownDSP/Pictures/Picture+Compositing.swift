extension Picture {
    /// The whole picture as a rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Blends `area` of `source` over this picture with its top-left corner at
    /// `origin`: each sample becomes `lerp(self, source, opacity)`.
    ///
    /// Edges are taken to even positions (4:2:0 chroma covers 2×2 luma
    /// samples): `area` shrinks to its even interior, `origin` rounds down to even.
    /// What falls outside this picture is clipped. `opacity` is in 256ths
    /// (`DSP.lerp`): 256 copies rows, 0 does nothing.
    public func blend(_ source: Picture, area: PixelRect, at origin: (x: Int, y: Int), opacity: Int) {
        guard opacity > 0 else { return }
        let area = area.intersection(source.bounds).evenInside
        let ox = origin.x & ~1, oy = origin.y & ~1
        let target = PixelRect(x: ox, y: oy, width: area.width, height: area.height).intersection(bounds)
        guard !target.isEmpty else { return }
        let sx = area.x + (target.x - ox), sy = area.y + (target.y - oy)
        for plane in Plane.allCases {
            let shift = plane == .y ? 0 : 1
            let count = target.width >> shift
            for r in 0..<(target.height >> shift) {
                let dst = row((target.y >> shift) + r, of: plane) + (target.x >> shift)
                let src = source.row((sy >> shift) + r, of: plane) + (sx >> shift)
                if opacity >= 256 {
                    dst.update(from: src, count: count)
                } else {
                    DSP.lerp(into: dst, dst, src, weight: opacity, count: count)
                }
            }
        }
    }

    /// Sets `area` (taken to its even interior, clipped to the picture) to `colour`.
    public func fill(_ colour: YCbCr, in area: PixelRect) {
        let area = area.intersection(bounds).evenInside
        guard !area.isEmpty else { return }
        for plane in Plane.allCases {
            let shift = plane == .y ? 0 : 1
            for r in 0..<(area.height >> shift) {
                (row((area.y >> shift) + r, of: plane) + (area.x >> shift)).update(repeating: colour[plane], count: area.width >> shift)
            }
        }
    }

    /// A new picture: this one turned clockwise by `quarterTurns` quarter turns
    /// (any integer; negative turns counter-clockwise).
    public func rotated(quarterTurns: Int) -> Picture {
        let turns = ((quarterTurns % 4) + 4) % 4
        let sideways = turns % 2 == 1
        let out = Picture(width: sideways ? height : width, height: sideways ? width : height)
        for plane in Plane.allCases {
            let w = planeWidth(plane), h = planeHeight(plane)
            let src = base(plane), srcStride = stride(plane)
            let dst = out.base(plane), dstStride = out.stride(plane)
            for y in 0..<h {
                let srcRow = src + y * srcStride
                for x in 0..<w {
                    // Where sample (x, y) lands in the turned picture.
                    let (tx, ty): (Int, Int) = switch turns {
                    case 1: (h - 1 - y, x)
                    case 2: (w - 1 - x, h - 1 - y)
                    case 3: (y, w - 1 - x)
                    default: (x, y)
                    }
                    dst[ty * dstStride + tx] = srcRow[x]
                }
            }
        }
        return out
    }

    /// A new picture: this one flipped left to right.
    public func mirrored() -> Picture {
        let out = Picture(width: width, height: height)
        for plane in Plane.allCases {
            let w = planeWidth(plane)
            for y in 0..<planeHeight(plane) {
                let src = row(y, of: plane), dst = out.row(y, of: plane)
                for x in 0..<w { dst[w - 1 - x] = src[x] }
            }
        }
        return out
    }
}
