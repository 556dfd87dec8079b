import Foundation
import MixdownProject
import MixdownProjectFile
import MixdownTestSupport
import XCTest

/// docs/project.schema.json's `overlays` and `captions` against the loader,
/// value by value (skipped without Python's `jsonschema`, as ProjectSchemaTests are).
final class ProjectSchemaOverlayTests: XCTestCase {
    override func setUpWithError() throws {
        let available = (try? ProjectSchemaTests.python(["-c", "import jsonschema"]).status) == 0
        try XCTSkipUnless(available, "python3 with the jsonschema package is not installed")
    }

    func testSchemaAndLoaderAgreeOnOverlaysAndCaptions() throws {
        let overlays = [
            #"{"image": "a.png"}"#, #"{"image": ""}"#, #"{"image": 1}"#, #"{"text": "Hi"}"#, #"{"text": ""}"#, #"{"text": "a\nb"}"#,
            ##"{"box": {"colour": "#00000080"}, "width": 10, "height": 10}"##, ##"{"box": {"colour": "#00000080"}, "width": 10}"##,
            #"{"box": {"colour": "red", "radius": -1}, "width": 10, "height": 10}"#, #"{"box": {}, "width": 10, "height": 10}"#,
            #"{}"#, #"{"image": "a.png", "text": "b"}"#, #"{"image": "a.png", "style": {}}"#, #"{"text": "a", "style": {}}"#,
            #"{"image": "a.png", "start": 1, "end": 2}"#, #"{"image": "a.png", "end": null}"#, #"{"image": "a.png", "end": null, "duration": 2}"#,
            #"{"image": "a.png", "end": 4, "duration": 2}"#, #"{"image": "a.png", "duration": 0}"#, #"{"image": "a.png", "duration": "1:30"}"#,
            #"{"image": "a.png", "start": -1}"#, #"{"image": "a.png", "unknown": 1}"#,
            #"{"image": "a.png", "position": "top-right"}"#, #"{"image": "a.png", "position": "top-centre"}"#,
            #"{"image": "a.png", "position": "Top"}"#, #"{"image": "a.png", "position": {"x": -16384, "y": 16384}}"#,
            #"{"image": "a.png", "position": {"x": 16385, "y": 0}}"#, #"{"image": "a.png", "position": {"x": 1.5, "y": 0}}"#,
            #"{"image": "a.png", "position": {"x": 1}}"#, #"{"image": "a.png", "position": {"x": 1, "y": 1, "z": 1}}"#,
            #"{"image": "a.png", "position": "left", "margin": 0}"#, #"{"image": "a.png", "margin": 24}"#,
            #"{"image": "a.png", "position": {"x": 1, "y": 1}, "margin": 24}"#, #"{"image": "a.png", "margin": -1}"#,
            #"{"image": "a.png", "margin": 8193}"#, #"{"image": "a.png", "width": 1, "height": 8192}"#, #"{"image": "a.png", "width": 0}"#,
            #"{"image": "a.png", "width": -10}"#, #"{"image": "a.png", "height": 8193}"#, #"{"image": "a.png", "width": 10.5}"#,
            #"{"image": "a.png", "opacity": 0}"#, #"{"image": "a.png", "opacity": 1.5}"#, #"{"image": "a.png", "opacity": "0.5"}"#,
            #"{"image": "a.png", "fadeIn": "250ms", "fadeOut": 1}"#, #"{"image": "a.png", "fadeIn": -1}"#,
        ]
        func animated(_ members: String) -> String { #"{"image": "a.png", "animations": [{\#(members)}]}"# }
        let animations = [
            animated(#""property": "opacity", "from": 0, "to": 1, "start": 0, "end": 1"#),
            animated(#""property": "opacity", "from": 0, "to": 1.5, "start": 0, "end": 1"#),
            animated(#""property": "x", "from": -16384, "to": 16384, "start": 0, "end": 1, "timing": "ease-in-out""#),
            animated(#""property": "y", "from": 0, "to": 16385, "start": 0, "end": 1"#),
            animated(#""property": "scale", "from": 0, "to": 100, "start": 1, "end": 1"#),
            animated(#""property": "scale", "from": -0.5, "to": 1, "start": 0, "end": 1"#),
            animated(#""property": "rotate", "from": -3600, "to": 3600, "start": 0, "end": 1"#),
            animated(#""property": "rotate", "from": 0, "to": 3601, "start": 0, "end": 1"#),
            animated(#""property": "spin", "from": 0, "to": 1, "start": 0, "end": 1"#),
            animated(#""property": "x", "from": 0, "to": 1, "start": 0, "end": 1, "timing": "ease""#),
            animated(#""property": "x", "from": 0, "to": 1, "start": 0"#),
            animated(#""property": "x", "from": "0", "to": 1, "start": 0, "end": 1"#),
        ]
        func styled(_ members: String) -> String { #"{"text": "a", "style": {\#(members)}}"# }
        let styles = [
            #""font": "DejaVu Sans""#, #""font": """#, #""font": " DejaVu""#, #""weight": 100"#, #""weight": 900"#, #""weight": 950"#,
            #""weight": 450.5"#, #""weight": "bold""#, #""weight": "normal""#, #""weight": "Bold""#, #""size": 0.5"#, #""size": 0"#,
            #""size": 8193"#, ##""colour": "#ffcc0080""##, ##""colour": "#fc08""##, #""colour": "Transparent""#, ##""colour": "#12345""##,
            #""colour": "purple""#, #""outline": {"colour": "black", "width": 3}"#, #""outline": {"colour": "black"}"#,
            #""outline": {"colour": "black", "width": 0}"#, #""outline": null"#, #""shadow": {"colour": "black", "x": -2, "y": 2, "blur": 6}"#,
            #""shadow": {"x": 1}"#, #""shadow": {"colour": "black", "blur": -1}"#, #""shadow": null"#,
            ##""background": {"colour": "#000000a0", "padding": 12, "radius": 8}"##, #""background": {"colour": "black", "padding": -2}"#,
            #""background": null"#, #""align": "right""#, #""align": "centre""#, #""maxWidth": 1024"#, #""maxWidth": 0"#, #""maxWidth": null"#,
            #""maxLines": 2"#, #""maxLines": 101"#, #""maxLines": 1.5"#, #""maxLines": null"#, #""colur": "red""#,
        ].map(styled)
        let captions = [
            #"[{"file": "a.srt"}]"#, #"[{"file": "a.srt", "language": "eng"}]"#, #"[{"file": "a.srt", "language": "en"}]"#,
            #"[{"file": "a.srt", "language": "ENG"}]"#, #"[{"file": "a.srt", "language": "eng\n"}]"#, #"[{"language": "eng"}]"#,
            #"[{"file": "a.srt", "burn": true, "track": false}]"#, #"[{"file": "a.srt", "track": false}]"#,
            #"[{"file": "a.srt", "burn": false, "track": false}]"#, #"[{"file": "a.srt", "burn": "yes"}]"#,
            #"[{"file": "a.srt", "burn": true}, {"file": "b.srt", "burn": true}]"#, #"[{"file": "a.srt", "burn": true}, {"file": "b.srt"}]"#,
            #"[{"file": "a.srt", "style": {"size": 40, "outline": null}}]"#, #"[{"file": "a.srt", "style": {"maxLines": 0}}]"#,
            #"[{"file": "a.srt", "lang": "eng"}]"#, #"{"file": "a.srt"}"#, "[]",
        ]
        var slots: [(label: String, json: String)] = []
        for value in overlays + animations + styles {
            slots.append(("overlays \(value)", project(#""overlays": [\#(value)]"#)))
        }
        for value in captions { slots.append(("captions \(value)", project(#""captions": \#(value)"#))) }

        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String] = []
        for (i, slot) in slots.enumerated() {
            let file = folder + "/slot-\(i).json"
            try Data(slot.json.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        var accepted = 0
        for (slot, verdict) in zip(slots, try ProjectSchemaTests.verdicts(for: files)) {
            let loads = (try? load(slot.json)) != nil
            if loads { accepted += 1 }
            XCTAssertFalse(verdict.hasPrefix("unparsable"), slot.label)
            XCTAssertEqual(verdict == "valid", loads, "\(slot.label): schema says \(verdict), loader \(loads ? "accepts" : "refuses")")
        }
        // Both verdicts occur, so agreement is not agreement on everything.
        XCTAssertGreaterThan(accepted, 30)
        XCTAssertLessThan(accepted, slots.count - 40)
    }
}
