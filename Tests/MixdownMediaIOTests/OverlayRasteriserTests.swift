import Foundation
import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import MixdownUnits
import XCTest

/// `OverlayRasteriser`: text laid out by Pango and drawn by Cairo reads back by
/// OCR, every script's glyphs are found (never `.notdef` boxes), sizes follow the
/// style, boxes and SVG land on exact pixels, images turn about their centre.
final class OverlayRasteriserTests: XCTestCase {
    private func text(_ string: String, _ style: TextStyle = TextStyle(size: 32)) -> OverlayContent {
        .text([TextRun(string)], style)
    }

    /// `content` at its natural size.
    private func natural(_ rasteriser: OverlayRasteriser, _ content: OverlayContent) throws -> OverlayImage {
        let size = try XCTUnwrap(try rasteriser.naturalSize(of: content))
        return try rasteriser.rasterise(content, width: size.width, height: size.height)
    }

    /// The bounds (min x, min y, max x, max y, inclusive) of the pixels with any alpha
    /// in rows `rows`, and how many there are.
    private func ink(_ image: OverlayImage, rows: Range<Int>? = nil) -> (count: Int, minX: Int, minY: Int, maxX: Int, maxY: Int) {
        var count = 0, minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in rows ?? 0..<image.height {
            for x in 0..<image.width where image[x, y].alpha > 0 {
                count += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return (count, minX, minY, maxX, maxY)
    }

    /// Every pixel's bytes, without the rows' padding.
    private func bytes(_ image: OverlayImage) -> [UInt8] {
        var all: [UInt8] = []
        for y in 0..<image.height { all += UnsafeBufferPointer(start: image.row(y), count: 4 * image.width) }
        return all
    }

    // MARK: OCR

    func testLatinTitleReadsBackByOCR() throws {
        let rasteriser = OverlayRasteriser()
        let title = "Mixdown draws titles 2026"
        let image = try natural(rasteriser, text(title, TextStyle(size: 40, colour: .white)))
        // Over an opaque dark grey, with a margin: out = source + background × (1 − alpha).
        let margin = 24, background = 40
        let width = image.width + 2 * margin, height = image.height + 2 * margin
        var grey = [UInt8](repeating: UInt8(background), count: width * height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                let luma = (Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)) / 3
                grey[(y + margin) * width + x + margin] = UInt8(luma + (background * (255 - Int(pixel.alpha)) + 127) / 255)
            }
        }
        let folder = try TemporaryFolder()
        let path = folder.file("title.pgm")
        try (Data("P5\n\(width) \(height)\n255\n".utf8) + Data(grey)).write(to: URL(fileURLWithPath: path))
        let read = String(decoding: try Tool.run("tesseract", [path, "stdout"]), as: UTF8.self)
        XCTAssertEqual(read.split(whereSeparator: \.isWhitespace).joined(separator: " "), title)
    }

    // MARK: Scripts, fallback, direction

    func testEveryScriptComesOutAsGlyphsNotBoxes() throws {
        let rasteriser = OverlayRasteriser()
        // Private use and a noncharacter-free last plane point: no font has them.
        let tofu = "\u{E000}\u{10FFFD}"
        XCTAssertEqual(rasteriser.textMetrics([TextRun(tofu)], TextStyle(size: 32)).unknownGlyphCount, 2,
                       "the reference must be drawn as .notdef boxes")
        let samples = ["مرحبا بالعالم", "שלום עולם", "你好世界", "こんにちは世界", "नमस्ते दुनिया", "🎬🎵"]
        for sample in samples {
            let metrics = rasteriser.textMetrics([TextRun(sample)], TextStyle(size: 32))
            XCTAssertEqual(metrics.unknownGlyphCount, 0, "\(sample): characters without a font")
            let image = try natural(rasteriser, text(sample))
            let inked = ink(image)
            XCTAssertGreaterThan(inked.count, 200, "\(sample): too little ink (\(inked.count) pixels)")
            // Boxes for as many characters as the sample has: not what the sample looks like.
            let boxes = try natural(rasteriser, text(String(repeating: "\u{E000}", count: sample.count)))
            if boxes.width == image.width, boxes.height == image.height {
                let a = bytes(image), b = bytes(boxes)
                let differing = zip(a, b).filter { $0 != $1 }.count
                XCTAssertGreaterThan(Double(differing) / Double(a.count), 0.1, "\(sample) looks like boxes")
            }
        }
        // Devanagari is shaped: स् + त join as a conjunct (a half form), narrower than the two full letters.
        let conjunct = rasteriser.textMetrics([TextRun("स्त")], TextStyle(size: 48)).width
        let letters = rasteriser.textMetrics([TextRun("स")], TextStyle(size: 48)).width
            + rasteriser.textMetrics([TextRun("त")], TextStyle(size: 48)).width
        XCTAssertLessThan(Double(conjunct), 0.9 * Double(letters), "स्त unshaped: \(conjunct) px against \(letters) px")
        // Colour glyphs come out in their colours (the note is blue-grey, #546e7a-ish),
        // not in the text's white, which has equal channels everywhere.
        let emoji = try natural(rasteriser, text("🎬🎵"))
        var coloured = 0
        for y in 0..<emoji.height {
            for x in 0..<emoji.width {
                let pixel = emoji[x, y]
                if max(pixel.red, pixel.green, pixel.blue) - min(pixel.red, pixel.green, pixel.blue) > 16 { coloured += 1 }
            }
        }
        XCTAssertGreaterThan(coloured, 100, "emoji drawn without their colours")
    }

    func testRightToLeftTextStartsAtTheRight() throws {
        let rasteriser = OverlayRasteriser()
        for sample in ["مرحبا بالعالم", "שלום עולם"] {
            let metrics = rasteriser.textMetrics([TextRun(sample)], TextStyle(size: 32))
            XCTAssertTrue(metrics.isRightToLeft, sample)
            XCTAssertGreaterThan(metrics.firstCharacterCentreX, 0.8 * Double(metrics.width), "\(sample): first character not at the right")
            let image = try natural(rasteriser, text(sample))
            let column = Int(metrics.firstCharacterCentreX)
            let atFirst = ink(image).count > 0 && (0..<image.height).contains { image[min(column, image.width - 1), $0].alpha > 0 }
            XCTAssertTrue(atFirst, "\(sample): no ink where its first character is")
        }
        // Left and right mean the sides seen, in Hebrew as in English: the short second line goes there.
        for alignment in [TextStyle.Alignment.left, .right] {
            let image = try natural(rasteriser, .text([TextRun("שלום עולם גדול ורחב\nשלום")], TextStyle(size: 30, alignment: alignment)))
            let second = ink(image, rows: image.height / 2 + 4..<image.height)
            if alignment == .left {
                XCTAssertLessThan(second.minX, 6, "Hebrew aligned left")
            } else {
                XCTAssertGreaterThan(second.maxX, image.width - 7, "Hebrew aligned right")
            }
        }
        let latin = rasteriser.textMetrics([TextRun("Hello world")], TextStyle(size: 32))
        XCTAssertFalse(latin.isRightToLeft)
        XCTAssertLessThan(latin.firstCharacterCentreX, 0.2 * Double(latin.width))
    }

    func testUnknownFontFamilyFallsBackToTheDefaultWithAWarning() throws {
        XCTAssertTrue(FontCatalogue.knows(family: "dejavu sans"))
        XCTAssertTrue(FontCatalogue.knows(family: "Noto Sans Devanagari"))
        XCTAssertFalse(FontCatalogue.knows(family: "No Such Family 2026"))
        let rasteriser = OverlayRasteriser()
        let missing = TextStyle(fontFamily: "No Such Family 2026", size: 30)
        let warning = try XCTUnwrap(OverlayRasteriser.fontWarning(for: missing))
        XCTAssertTrue(warning.contains("No Such Family 2026") && warning.contains("DejaVu Sans"), warning)
        XCTAssertNil(OverlayRasteriser.fontWarning(for: TextStyle(size: 30)), "a known family warns of nothing")
        let unknown = try natural(rasteriser, text("Fallback", missing))
        let standard = try natural(rasteriser, text("Fallback", TextStyle(size: 30)))
        XCTAssertEqual(bytes(unknown), bytes(standard), "the fallback is the default family")
        // Another real family is used, not replaced.
        let serif = try natural(rasteriser, text("Fallback", TextStyle(fontFamily: "DejaVu Serif", size: 30)))
        XCTAssertNotEqual(bytes(serif), bytes(standard))
        XCTAssertNil(OverlayRasteriser.fontWarning(for: TextStyle(fontFamily: "DejaVu Serif")))
    }

    // MARK: Sizes

    func testNaturalSizeGrowsWithTheFontSize() throws {
        let rasteriser = OverlayRasteriser()
        let small = try XCTUnwrap(try rasteriser.naturalSize(of: text("Size", TextStyle(size: 24))))
        let large = try XCTUnwrap(try rasteriser.naturalSize(of: text("Size", TextStyle(size: 48))))
        XCTAssertEqual(Double(large.width) / Double(small.width), 2, accuracy: 0.15)
        XCTAssertEqual(Double(large.height) / Double(small.height), 2, accuracy: 0.15)
        // An outline adds half its width on every side, a shadow its offset and blur.
        let outlined = try XCTUnwrap(try rasteriser.naturalSize(of: text("Size", TextStyle(
            size: 24, outline: .init(colour: .black, width: 8)))))
        XCTAssertGreaterThanOrEqual(outlined.width, small.width + 4)
        XCTAssertLessThanOrEqual(outlined.width, small.width + 9)
        let shadowed = try XCTUnwrap(try rasteriser.naturalSize(of: text("Size", TextStyle(
            size: 24, shadow: .init(colour: .black, offsetX: 10, offsetY: 10, blur: 0)))))
        XCTAssertGreaterThanOrEqual(shadowed.height, small.height + 1)
        XCTAssertNil(try rasteriser.naturalSize(of: .box(BoxStyle(colour: .white))))
        XCTAssertNil(try rasteriser.naturalSize(of: .image(path: "/no/such/logo.png")))
    }

    func testMaximumWidthWrapsAndMaximumLinesCuts() throws {
        let rasteriser = OverlayRasteriser()
        let words = "The quick brown fox jumps over the lazy dog and keeps on running"
        let single = rasteriser.textMetrics([TextRun(words)], TextStyle(size: 28))
        XCTAssertEqual(single.lineCount, 1)
        XCTAssertGreaterThan(single.width, 600)
        let wrappedStyle = TextStyle(size: 28, alignment: .left, maximumWidth: 300)
        let wrapped = rasteriser.textMetrics([TextRun(words)], wrappedStyle)
        XCTAssertGreaterThanOrEqual(wrapped.lineCount, 3)
        XCTAssertLessThanOrEqual(wrapped.width, 300)
        let image = try natural(rasteriser, .text([TextRun(words)], wrappedStyle))
        XCTAssertLessThan(ink(image).maxX, 300)
        // With a box around it, the padding adds to the width, nothing more.
        let boxed = rasteriser.textMetrics([TextRun(words)], TextStyle(
            size: 28, background: BoxStyle(colour: .black, padding: 12), alignment: .left, maximumWidth: 300))
        XCTAssertLessThanOrEqual(boxed.width, 300 + 24)

        var cutStyle = wrappedStyle
        cutStyle.maximumLines = 2
        let cut = rasteriser.textMetrics([TextRun(words)], cutStyle)
        XCTAssertEqual(cut.lineCount, 2)
        XCTAssertLessThanOrEqual(cut.width, 300)
        XCTAssertEqual(Double(cut.height), Double(wrapped.height) * 2 / Double(wrapped.lineCount), accuracy: 2)
        // Paragraphs count too: four given, two kept.
        let paragraphs = rasteriser.textMetrics([TextRun("one\ntwo\nthree\nfour")], TextStyle(size: 28, maximumLines: 2))
        XCTAssertEqual(paragraphs.lineCount, 2)
    }

    func testAlignmentPlacesTheShorterLine() throws {
        let rasteriser = OverlayRasteriser()
        for alignment in TextStyle.Alignment.allCases {
            let image = try natural(rasteriser, .text([TextRun("A much wider first line\nshort")],
                                                      TextStyle(size: 30, alignment: alignment)))
            let second = ink(image, rows: image.height / 2 + 4..<image.height)
            XCTAssertGreaterThan(second.count, 0)
            let middle = Double(second.minX + second.maxX) / 2
            switch alignment {
            case .left: XCTAssertLessThan(second.minX, 6, "left")
            case .right: XCTAssertGreaterThan(second.maxX, image.width - 7, "right")
            case .center: XCTAssertEqual(middle, Double(image.width) / 2, accuracy: 4, "center")
            }
        }
    }

    func testOutlineAndShadowAreDrawnUnderTheGlyphs() throws {
        let rasteriser = OverlayRasteriser()
        let red = RGBAColour(colour: Colour(red: 255, green: 0, blue: 0))
        let style = TextStyle(size: 40, colour: .white, outline: .init(colour: .black, width: 4),
                              shadow: .init(colour: red, offsetX: 8, offsetY: 8, blur: 0))
        let image = try natural(rasteriser, text("HI", style))
        var white = 0, black = 0, shadow = 0, partial = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                guard pixel.alpha == 255 else { continue }
                if pixel.red == 255, pixel.green == 255 { white += 1 }
                if pixel.red == 0, pixel.green == 0 { black += 1 }
                if pixel.red == 255, pixel.green == 0 { shadow += 1 }
            }
        }
        XCTAssertGreaterThan(white, 200, "the glyphs' fill")
        XCTAssertGreaterThan(black, 100, "the outline")
        XCTAssertGreaterThan(shadow, 100, "the shadow, 8 px down and right")
        // The bottom rows are the shadow's alone, 8 px below the outlined glyphs: red, no white.
        let inked = ink(image)
        for y in inked.maxY - 4...inked.maxY {
            for x in 0..<image.width where image[x, y].alpha > 0 {
                XCTAssertEqual(image[x, y].red, image[x, y].alpha, "(\(x), \(y))")
                XCTAssertEqual(image[x, y].green, 0, "(\(x), \(y))")
            }
        }

        // A blurred shadow has soft edges: many pixels between transparent and opaque, reaching further.
        var blurred = style
        blurred.shadow?.blur = 6
        let soft = try natural(rasteriser, text("HI", blurred))
        for y in 0..<soft.height {
            for x in 0..<soft.width where soft[x, y].alpha > 0 && soft[x, y].alpha < 200 && soft[x, y].green == 0 { partial += 1 }
        }
        XCTAssertGreaterThan(partial, 300, "a blurred shadow's soft edge")
        XCTAssertGreaterThanOrEqual(soft.width, image.width + 5)
    }

    func testTextScalesAsVectorsToTheDrawnSize() throws {
        let rasteriser = OverlayRasteriser()
        let content = text("Scale", TextStyle(size: 30))
        let size = try XCTUnwrap(try rasteriser.naturalSize(of: content))
        let single = ink(try rasteriser.rasterise(content, width: size.width, height: size.height))
        let double = ink(try rasteriser.rasterise(content, width: 2 * size.width, height: 2 * size.height))
        XCTAssertEqual(Double(double.maxX - double.minX + 1) / Double(single.maxX - single.minX + 1), 2, accuracy: 0.06)
        XCTAssertEqual(Double(double.maxY - double.minY + 1) / Double(single.maxY - single.minY + 1), 2, accuracy: 0.06)
        // Vectors, not a bitmap blown up: edges stay about as sharp, so opaque pixels grow about 4×.
        let opaque = { (image: OverlayImage) -> Int in
            var count = 0
            for y in 0..<image.height { for x in 0..<image.width where image[x, y].alpha == 255 { count += 1 } }
            return count
        }
        let smallOpaque = opaque(try rasteriser.rasterise(content, width: size.width, height: size.height))
        let largeOpaque = opaque(try rasteriser.rasterise(content, width: 2 * size.width, height: 2 * size.height))
        XCTAssertGreaterThan(Double(largeOpaque) / Double(smallOpaque), 4)
    }

    // MARK: Boxes

    func testBackgroundAndBoxColoursArePremultiplied() throws {
        let rasteriser = OverlayRasteriser()
        let colour = RGBAColour(colour: Colour(red: 0x33, green: 0x66, blue: 0x99), alpha: 128)
        // Cairo premultiplies in 16 bits (a byte v is v × 257) and keeps the high byte:
        // #336699 at 128 is (25, 51, 77), where rounding 8-bit products would give 26 for red.
        func premultiplied(_ value: UInt8) -> UInt8 { UInt8((Int(value) * 257 * 128 * 257 / 65535) >> 8) }
        let titled = try natural(rasteriser, text("Boxed", TextStyle(size: 30, background: BoxStyle(colour: colour, padding: 10))))
        for (x, y) in [(0, 0), (titled.width - 1, titled.height - 1)] {
            let pixel = titled[x, y]
            XCTAssertEqual([pixel.blue, pixel.green, pixel.red, pixel.alpha],
                           [premultiplied(0x99), premultiplied(0x66), premultiplied(0x33), 128], "(\(x), \(y))")
        }
        let box = try rasteriser.rasterise(.box(BoxStyle(colour: colour, cornerRadius: 20)), width: 200, height: 100)
        XCTAssertEqual(box[0, 0].alpha, 0, "a rounded corner")
        XCTAssertEqual(box[100, 0].alpha, 128)
        XCTAssertEqual(box[0, 50].alpha, 128)
        XCTAssertEqual(box[100, 50].red, premultiplied(0x33))
        // Inside the corner's circle (radius 20 about 20, 20): at 45°, 14 px in, it is filled.
        XCTAssertEqual(box[7, 7].alpha, 128)
        XCTAssertEqual(box[3, 3].alpha, 0)
    }

    // MARK: SVG

    private let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
          <rect x="0" y="0" width="20" height="20" fill="#ff0000"/>
          <rect x="20" y="0" width="20" height="20" fill="#0000ff"/>
        </svg>
        """

    func testSVGHasItsIntrinsicSizeAndDrawsSharpAtTwice() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("Halves.SVG")
        try svg.write(toFile: path, atomically: true, encoding: .utf8)
        let rasteriser = OverlayRasteriser()
        let size = try XCTUnwrap(try rasteriser.naturalSize(of: .image(path: path)))
        XCTAssertEqual([size.width, size.height], [40, 20])
        let image = try rasteriser.rasterise(.image(path: path), width: 80, height: 40)
        // The edge at x = 40 is a vector edge on a pixel boundary: no blended column.
        for y in [0, 20, 39] {
            XCTAssertEqual([image[39, y].red, image[39, y].blue, image[39, y].alpha], [255, 0, 255], "y \(y)")
            XCTAssertEqual([image[40, y].red, image[40, y].blue, image[40, y].alpha], [0, 255, 255], "y \(y)")
            XCTAssertEqual(image[0, y].alpha, 255)
            XCTAssertEqual(image[79, y].alpha, 255)
        }
    }

    func testSVGErrorsNameTheFile() throws {
        let folder = try TemporaryFolder()
        let rasteriser = OverlayRasteriser()
        let missing = folder.file("absent.svg")
        let error = caught(MediaIOError.self, try rasteriser.naturalSize(of: .image(path: missing)))
        guard case let .missingInput(path, _) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(path, missing)
        let broken = folder.file("broken.svg")
        try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\"".write(toFile: broken, atomically: true, encoding: .utf8)
        let unreadable = caught(MediaIOError.self, try rasteriser.rasterise(.image(path: broken), width: 10, height: 10))
        guard case let .unreadableMedia(path, reason) = unreadable else { return XCTFail("\(String(describing: unreadable))") }
        XCTAssertEqual(path, broken)
        XCTAssertFalse(reason.isEmpty)
        XCTAssertTrue(unreadable?.description.hasPrefix(broken) == true, "\(String(describing: unreadable))")
    }

    // MARK: Turning and scaling

    func testTransformedTurnsAboutTheCentre() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("halves.svg")
        try svg.write(toFile: path, atomically: true, encoding: .utf8)
        let source = try OverlayRasteriser().rasterise(.image(path: path), width: 40, height: 20)

        let quarter = OverlayRasteriser.transformed(source, scale: 1, rotation: 90)
        XCTAssertEqual([quarter.image.width, quarter.image.height], [20, 40])
        XCTAssertEqual([quarter.dx, quarter.dy], [10, -10])
        // Clockwise: the red left half goes to the top, the blue right half to the bottom.
        XCTAssertEqual([quarter.image[10, 5].red, quarter.image[10, 5].blue, quarter.image[10, 5].alpha], [255, 0, 255])
        XCTAssertEqual([quarter.image[10, 35].red, quarter.image[10, 35].blue, quarter.image[10, 35].alpha], [0, 255, 255])

        let doubled = OverlayRasteriser.transformed(source, scale: 2, rotation: 0)
        XCTAssertEqual([doubled.image.width, doubled.image.height, doubled.dx, doubled.dy], [80, 40, -20, -10])

        let eighth = OverlayRasteriser.transformed(source, scale: 1, rotation: 45)
        let side = Int((60 / 2.squareRoot()).rounded(.up))
        XCTAssertEqual([eighth.image.width, eighth.image.height], [side, side])
        XCTAssertEqual(eighth.image[0, 0].alpha, 0, "a corner outside the turned picture")
        XCTAssertEqual(eighth.image[side / 2, side / 2].alpha, 255, "the centre")

        XCTAssertTrue(OverlayRasteriser.transformed(source, scale: 1, rotation: 360).image === source)
    }
}
