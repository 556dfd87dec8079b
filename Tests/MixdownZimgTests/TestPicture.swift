import MixdownZimg

/// A 4:2:0 picture in 64-byte aligned planes (as `Picture` and FFmpeg's frames
/// have them), 8-bit or 10-bit, for the conversion's tests.
final class TestPicture {
    let width: Int
    let height: Int
    let bitDepth: Int
    let yStride: Int
    let chromaStride: Int
    private let y: UnsafeMutableRawPointer
    private let cb: UnsafeMutableRawPointer
    private let cr: UnsafeMutableRawPointer

    init(width: Int, height: Int, bitDepth: Int) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        let bytes = bitDepth > 8 ? 2 : 1
        yStride = (width * bytes + 63) / 64 * 64
        chromaStride = (width / 2 * bytes + 63) / 64 * 64
        y = .allocate(byteCount: yStride * height, alignment: 64)
        cb = .allocate(byteCount: chromaStride * height / 2, alignment: 64)
        cr = .allocate(byteCount: chromaStride * height / 2, alignment: 64)
        y.initializeMemory(as: UInt8.self, repeating: 0, count: yStride * height)
        cb.initializeMemory(as: UInt8.self, repeating: 0, count: chromaStride * height / 2)
        cr.initializeMemory(as: UInt8.self, repeating: 0, count: chromaStride * height / 2)
    }

    deinit {
        y.deallocate()
        cb.deallocate()
        cr.deallocate()
    }

    /// A picture of one colour.
    convenience init(width: Int, height: Int, bitDepth: Int, y: Int, cb: Int, cr: Int) {
        self.init(width: width, height: height, bitDepth: bitDepth)
        fill(y: y, cb: cb, cr: cr)
    }

    var planes: MutableYCbCrPlanes {
        MutableYCbCrPlanes(y: y, yStride: yStride, cb: cb, cbStride: chromaStride, cr: cr, crStride: chromaStride)
    }

    private func sample(_ base: UnsafeMutableRawPointer, stride: Int, x: Int, row: Int) -> Int {
        bitDepth > 8 ? Int(base.load(fromByteOffset: row * stride + 2 * x, as: UInt16.self))
            : Int(base.load(fromByteOffset: row * stride + x, as: UInt8.self))
    }

    private func set(_ base: UnsafeMutableRawPointer, stride: Int, x: Int, row: Int, _ value: Int) {
        if bitDepth > 8 {
            base.storeBytes(of: UInt16(value), toByteOffset: row * stride + 2 * x, as: UInt16.self)
        } else {
            base.storeBytes(of: UInt8(value), toByteOffset: row * stride + x, as: UInt8.self)
        }
    }

    func luma(_ x: Int, _ row: Int) -> Int { sample(y, stride: yStride, x: x, row: row) }
    func blue(_ x: Int, _ row: Int) -> Int { sample(cb, stride: chromaStride, x: x, row: row) }
    func red(_ x: Int, _ row: Int) -> Int { sample(cr, stride: chromaStride, x: x, row: row) }
    func setLuma(_ x: Int, _ row: Int, _ value: Int) { set(y, stride: yStride, x: x, row: row, value) }
    func setBlue(_ x: Int, _ row: Int, _ value: Int) { set(cb, stride: chromaStride, x: x, row: row, value) }
    func setRed(_ x: Int, _ row: Int, _ value: Int) { set(cr, stride: chromaStride, x: x, row: row, value) }

    func fill(y: Int, cb: Int, cr: Int) {
        for row in 0..<height {
            for x in 0..<width { setLuma(x, row, y) }
        }
        for row in 0..<height / 2 {
            for x in 0..<width / 2 {
                setBlue(x, row, cb)
                setRed(x, row, cr)
            }
        }
    }

    /// The picture from tightly packed planar bytes (ffmpeg's `rawvideo`, Y then Cb then Cr).
    convenience init(raw: [UInt8], width: Int, height: Int, bitDepth: Int) {
        self.init(width: width, height: height, bitDepth: bitDepth)
        let bytes = bitDepth > 8 ? 2 : 1
        raw.withUnsafeBytes { source in
            let lumaRow = width * bytes, chromaRow = width / 2 * bytes
            for row in 0..<height {
                (y + row * yStride).copyMemory(from: source.baseAddress! + row * lumaRow, byteCount: lumaRow)
            }
            let cbStart = lumaRow * height, crStart = cbStart + chromaRow * height / 2
            for row in 0..<height / 2 {
                (cb + row * chromaStride).copyMemory(from: source.baseAddress! + cbStart + row * chromaRow, byteCount: chromaRow)
                (cr + row * chromaStride).copyMemory(from: source.baseAddress! + crStart + row * chromaRow, byteCount: chromaRow)
            }
        }
    }

    /// The luma plane as doubles, row after row.
    var lumaSamples: [Double] {
        var samples: [Double] = []
        samples.reserveCapacity(width * height)
        for row in 0..<height {
            for x in 0..<width { samples.append(Double(luma(x, row))) }
        }
        return samples
    }

    /// Runs `conversion` from this picture into a new one of `target`'s depth.
    func converted(by conversion: ColourConversion) throws -> TestPicture {
        let out = TestPicture(width: width, height: height, bitDepth: conversion.target.bitDepth)
        try conversion.convert(from: planes.readOnly, into: out.planes)
        return out
    }
}
