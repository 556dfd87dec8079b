import ArgumentParser
import MixdownComposition
import MixdownProject
import MixdownUnits

/// Titles, a watermark and caption files: what is drawn over the picture and
/// the subtitle tracks written beside it. Every command that takes a timeline
/// takes them; `mix`, which writes no picture, checks them and draws nothing.
///
/// `--title` and `--watermark` add overlays to the project file's (titles
/// first, the watermark last, so on top); `--captions`, a list of files as
/// `--video` is, replaces the file's caption files.
struct OverlayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("An image (PNG, JPEG, WebP, GIF or SVG) over the whole timeline, at its natural size, held to a corner or edge the default margin in (5% of the render height).",
                               valueName: "path"))
    var watermark: String?

    @Option(help: ArgumentHelp("Where the watermark goes: \(OverlayOptions.anchors). (default: \(Project.Overlay.watermarkAnchor.rawValue))",
                               valueName: "anchor"),
            transform: OverlayOptions.anchor)
    var watermarkPosition: OverlayPosition.Anchor?

    @Option(parsing: .unconditional, help: ArgumentHelp("The watermark's opacity, 0 (transparent) to 1 (opaque). (default: \(Project.Overlay.watermark(path: "").opacity))", valueName: "opacity"),
            transform: quantity(Opacity.init(parsing:)))
    var watermarkOpacity: Opacity?

    @Option(name: .customLong("title"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A title over part of the timeline, e.g. \"Chapter 1@2-6\" (the last @ separates the text from its start-end): \(OverlayOptions.titleLook), at the \(Project.Overlay.titleAnchor.rawValue) of the picture.",
                                                         valueName: "text@start-end"),
            transform: TimedText.parse)
    var titles: [TimedText] = []

    @Option(name: .customLong("captions"), help: ArgumentHelp("A caption file (SRT or WebVTT), written as a subtitle track; @lang is its language, an ISO 639-2 code like eng, \(LanguageCode.standard) when left out.",
                                                            valueName: "path[@lang]"),
            transform: CaptionArgument.parse)
    var captions: [CaptionArgument] = []

    @Flag(help: "Draw the first caption file (of --captions, else of the project) into the picture instead of writing it as a track.")
    var burnCaptions = false

    @Flag(help: "With --burn-captions: write the burned captions as a track too.")
    var captionsTrack = false

    func validate() throws {
        if watermark?.isEmpty == true { throw ValidationError("--watermark: empty path; expected an image file") }
        if watermark == nil {
            if watermarkPosition != nil { throw ValidationError("--watermark-position places the --watermark image: give --watermark too") }
            if watermarkOpacity != nil { throw ValidationError("--watermark-opacity is the --watermark image's: give --watermark too") }
        }
        if captionsTrack, !burnCaptions {
            throw ValidationError("--captions-track goes with --burn-captions (captions are written as a track unless burned)")
        }
    }

    /// Writes what was given onto `project`: titles and the watermark added to
    /// its overlays, caption files in place of its own, the first one burned.
    func apply(to project: inout Project) {
        project.overlays += titles.map { Project.Overlay.title($0.text, over: $0.range) }
        if let watermark {
            project.overlays.append(.watermark(path: watermark, anchor: watermarkPosition ?? Project.Overlay.watermarkAnchor,
                                               opacity: watermarkOpacity ?? .standard))
        }
        if !captions.isEmpty {
            project.captions = captions.map {
                var file = Project.Captions(path: $0.path)
                file.language = $0.language.code
                return file
            }
        }
        if burnCaptions {
            for index in project.captions.indices {
                project.captions[index].burn = index == 0
                if index == 0 { project.captions[index].track = captionsTrack }
            }
        }
    }

    /// Refuses `--burn-captions` when `project` (the flags applied) has no caption file to burn.
    func check(_ project: Project) throws {
        if burnCaptions, project.captions.isEmpty {
            throw ValidationError("--burn-captions: there are no captions to burn; give --captions, or a project with captions")
        }
    }

    /// The title style in words, from the style itself.
    private static var titleLook: String {
        let style = Project.Overlay.titleStyle
        let colour = style.colour == .white ? "white" : style.colour.description
        let size = "\(QuantityError.number(style.size)) px" + (style.designHeight.map { " at \($0) lines, in proportion at others" } ?? "")
        return "\(colour) \(style.fontFamily) \(style.fontWeight >= 700 ? "bold " : "")\(size)"
            + (style.shadow == nil ? "" : " over a soft shadow")
    }

    /// The anchors' names, for help and messages.
    private static let anchors = OverlayPosition.Anchor.allCases.map(\.rawValue).joined(separator: ", ")

    /// An anchor by its name, refused in one line that lists them (ArgumentParser's
    /// own list of nine values spans several lines).
    private static func anchor(_ text: String) throws -> OverlayPosition.Anchor {
        guard let anchor = OverlayPosition.Anchor(rawValue: text) else {
            throw ValidationError("expected one of \(anchors)")
        }
        return anchor
    }
}
