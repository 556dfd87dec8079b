extension Picture {
    /// The whole picture as a rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Blends `area` of `source` over this picture with its top-left corner at
    /// `origin`: each sample becomes `lerp(self, source, opacity)`.
    ///
    /// Edges are taken to even positions (4:2:0 chroma covers 2×2 luma
    /// samples): `area` shrinks to its even interior, `origin` rounds down to even.
    /// What falls outside this picture is clipped. `opacity` is in 256ths
    /// (`DSP.lerp`, the same weights at either depth): 256 copies rows, 0 does nothing.
    ///
    /// - Precondition: `source` has this picture's `bitDepth`.
    public func blend(_ source: Picture, area: PixelRect, at origin: (x: Int, y: Int), opacity: Int) {
        precondition(source.bitDepth == bitDepth, "a \(source.bitDepth)-bit picture blended into a \(bitDepth)-bit one")
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
                let targetRow = (target.y >> shift) + r, sourceRow = (sy >> shift) + r
                let dstX = target.x >> shift, srcX = sx >> shift
                if bitDepth == 8 {
                    let dst = row(targetRow, of: plane) + dstX, src = source.row(sourceRow, of: plane) + srcX
                    if opacity >= 256 {
                        dst.update(from: src, count: count)
                    } else {
                        DSP.lerp(into: dst, dst, src, weight: opacity, count: count)
                    }
                } else {
                    let dst = row16(targetRow, of: plane) + dstX, src = source.row16(sourceRow, of: plane) + srcX
                    if opacity >= 256 {
                        dst.update(from: src, count: count)
                    } else {
                        DSP.lerp(into: dst, dst, src, weight: opacity, count: count)
                    }
                }
            }
        }
    }

    /// Sets `area` (taken to its even interior, clipped to the picture) to
    /// `colour` (×4 at 10 bits).
    public func fill(_ colour: YCbCr, in area: PixelRect) {
        let area = area.intersection(bounds).evenInside
        guard !area.isEmpty else { return }
        for plane in Plane.allCases {
            let shift = plane == .y ? 0 : 1
            for r in 0..<(area.height >> shift) {
                let y = (area.y >> shift) + r, x = area.x >> shift, count = area.width >> shift
                if bitDepth == 8 {
                    (row(y, of: plane) + x).update(repeating: colour[plane], count: count)
                } else {
                    DSP.fill(row16(y, of: plane) + x, value: colour.sample(plane, bitDepth: bitDepth), count: count)
                }
            }
        }
    }

    /// A new picture of this one's depth: this one turned clockwise by
    /// `quarterTurns` quarter turns (any integer; negative turns counter-clockwise).
    public func rotated(quarterTurns: Int) -> Picture {
        let sideways = quarterTurns & 1 == 1
        let out = Picture(width: sideways ? height : width, height: sideways ? width : height, bitDepth: bitDepth)
        rotate(quarterTurns: quarterTurns, into: out)
        return out
    }

    /// Writes this picture turned clockwise by `quarterTurns` quarter turns into
    /// `out`, allocating nothing (a picture turned every frame reuses one).
    ///
    /// - Precondition: `out` has this picture's depth and its turned size.
    public func rotate(quarterTurns: Int, into out: Picture) {
        let turns = ((quarterTurns % 4) + 4) % 4
        let sideways = turns % 2 == 1
        precondition(out.bitDepth == bitDepth && out.width == (sideways ? height : width) && out.height == (sideways ? width : height),
                     "a \(width)×\(height) picture turned into a \(out.width)×\(out.height) one")
        for plane in Plane.allCases {
            if bitDepth == 8 {
                Self.turn(base(plane), stride(plane), into: out.base(plane), out.stride(plane),
                          width: planeWidth(plane), height: planeHeight(plane), turns: turns)
            } else {
                Self.turn(base16(plane), stride(plane) / 2, into: out.base16(plane), out.stride(plane) / 2,
                          width: planeWidth(plane), height: planeHeight(plane), turns: turns)
            }
        }
    }

    /// A new picture of this one's depth: this one flipped left to right.
    public func mirrored() -> Picture {
        let out = Picture(width: width, height: height, bitDepth: bitDepth)
        for plane in Plane.allCases {
            for y in 0..<planeHeight(plane) {
                if bitDepth == 8 {
                    Self.reverse(row(y, of: plane), into: out.row(y, of: plane), count: planeWidth(plane))
                } else {
                    Self.reverse(row16(y, of: plane), into: out.row16(y, of: plane), count: planeWidth(plane))
                }
            }
        }
        return out
    }

    /// One plane of `width × height` samples turned clockwise by `turns` (0...3)
    /// quarter turns; strides in samples.
    private static func turn<Sample>(_ src: UnsafeMutablePointer<Sample>, _ srcStride: Int, into dst: UnsafeMutablePointer<Sample>,
                                     _ dstStride: Int, width w: Int, height h: Int, turns: Int) {
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

    /// `count` samples in reverse order.
    private static func reverse<Sample>(_ src: UnsafeMutablePointer<Sample>, into dst: UnsafeMutablePointer<Sample>, count: Int) {
        for x in 0..<count { dst[count - 1 - x] = src[x] }
    }
}
