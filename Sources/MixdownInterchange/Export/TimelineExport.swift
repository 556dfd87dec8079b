import Foundation
import MixdownPlan
import MixdownProject

/// A project's timeline written for an editor: OpenTimelineIO JSON or Final
/// Cut Pro 7 XML (docs/interchange.md, "Build in Mixdown, finish in an NLE").
///
/// Made from the project and its plan (`Project.plan(for: .preview)` probes
/// the media without decoding; a plan that ducks by loudness must have had its
/// measured pass, or its ducks are missing from the gains written). The layout
/// is the plan's: the clips where the picture plays them, the sound where the
/// renderer plays it, each audio clip's gain every layer multiplied.
public struct TimelineExport {
    private let project: Project
    private let layout: TimelineLayout

    /// The timeline of `project` as `plan` lays it out.
    ///
    /// - Throws: ``TimelineExportError/time(_:)`` for a time that does not fit.
    public init(project: Project, plan: MixPlan) throws(TimelineExportError) {
        self.project = project
        layout = try TimelineLayout(project: project, plan: plan)
    }

    /// The file's bytes in `format`, for a file in `folder` (paths in the
    /// `mixdown` metadata are written relative to it, as a project file there
    /// would hold them; media URLs are absolute), its timeline called `name`.
    ///
    /// - Throws: ``TimelineExportError``.
    public func data(_ format: TimelineExportFormat, folder: String, name: String) throws(TimelineExportError) -> Data {
        switch format {
        case .otio:
            let document = try ProjectDocument(project, relativeTo: folder)
            return Data(try OTIOTimelineWriter(layout: layout, project: document, name: name).timeline().rendered().utf8)
        case .fcpxml7:
            return Data(FCP7XMLWriter(layout: layout, name: name).document().utf8)
        }
    }
}
