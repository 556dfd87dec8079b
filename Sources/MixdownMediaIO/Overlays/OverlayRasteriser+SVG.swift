internal import MixdownDSP
internal import MixdownCairo

extension OverlayRasteriser {
    /// The parsed document at `path`, parsed on first use.
    func svgDocument(_ path: String) throws(MediaIOError) -> SVGDocument {
        if let document = svgDocuments[path] { return document }
        let document: SVGDocument
        do {
            document = try SVGDocument(path: path)
        } catch {
            throw Self.mediaIOError(error)
        }
        svgDocuments[path] = document
        return document
    }

    /// `document` drawn over the whole of `image`.
    func drawSVG(_ document: SVGDocument, into image: OverlayImage) throws(MediaIOError) {
        let canvas = CairoCanvas(image: image)
        do {
            try document.draw(on: canvas, width: Double(image.width), height: Double(image.height))
        } catch {
            throw Self.mediaIOError(error)
        }
    }

    private static func mediaIOError(_ error: SVGError) -> MediaIOError {
        switch error {
        case let .missingInput(path, reason): .missingInput(path: path, reason: reason)
        case let .unreadableMedia(path, reason): .unreadableMedia(path: path, reason: "SVG: \(reason)")
        }
    }
}
