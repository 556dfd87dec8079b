import Foundation
import MixdownProject
import MixdownProjectFile
import MixdownTestSupport
import XCTest

/// docs/project.schema.json against the loader, with Python's `jsonschema`
/// (`pip install jsonschema` or `apt-get install python3-jsonschema`); the
/// tests skip when it is not installed.
final class ProjectSchemaTests: XCTestCase {
    static let script = """
    import json, sys, jsonschema
    validator = jsonschema.Draft202012Validator(json.load(open(sys.argv[1], encoding="utf-8")))
    for path in sys.argv[2:]:
        try:
            document = json.load(open(path, encoding="utf-8"))
        except Exception as error:
            print("unparsable: " + str(error).replace("\\n", " "))
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        print("valid" if not errors else "invalid: " + " | ".join(e.message.replace("\\n", " ")[:120] for e in errors[:3]))
    """

    /// Runs a Python snippet; nil status if python3 cannot be started.
    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    override func setUpWithError() throws {
        let available = (try? Self.python(["-c", "import jsonschema"]).status) == 0
        try XCTSkipUnless(available, "python3 with the jsonschema package is not installed; `pip install jsonschema` or `apt-get install python3-jsonschema` to check docs/project.schema.json")
    }

    /// The schema's verdict for each file: "valid", "invalid: …" or "unparsable: …".
    static func verdicts(for files: [String]) throws -> [String] {
        let result = try python(["-c", script, Fixture.repoPath("docs/project.schema.json")] + files)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(lines.count, files.count, result.output)
        return lines
    }

    func testTheSchemaIsAValidDraft2020_12Schema() throws {
        let check = "import json, jsonschema; jsonschema.Draft202012Validator.check_schema(json.load(open('\(Fixture.repoPath("docs/project.schema.json"))')))"
        XCTAssertEqual(try Self.python(["-c", check]).status, 0)
    }

    func testShippedExamplesAreValid() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = [Fixture.repoPath("fixtures/demo/project.json")]
        for page in ["docs/project-format.md", "README.md"] {
            for (i, example) in try documentedExamples(in: page).enumerated() {
                let file = folder + "/\((page as NSString).lastPathComponent)-example-\(i).json"
                try Data(example.utf8).write(to: URL(fileURLWithPath: file))
                files.append(file)
                XCTAssertNoThrow(try Project.load(contentsOf: file), "example \(i) of \(page)")
            }
        }
        XCTAssertGreaterThanOrEqual(files.count, 4)
        for (file, verdict) in zip(files, try Self.verdicts(for: files)) {
            XCTAssertEqual(verdict, "valid", file)
        }
    }

    func testWrittenProjectsAreValid() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String] = []
        for (i, project) in try sampleProjects(base: folder).enumerated() {
            let file = folder + "/written-\(i).json"
            try project.jsonData(relativeTo: folder).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        for (file, verdict) in zip(files, try Self.verdicts(for: files)) {
            XCTAssertEqual(verdict, "valid", file)
        }
    }

    func testBadCorpusFilesAreRejectedByTheSchemaToo() throws {
        let corpus = try ProjectFileCorpusTests.corpus().filter { $0.expectation.schema == "reject" }
        XCTAssertGreaterThanOrEqual(corpus.count, 30)
        let files = corpus.map { Fixture.repoPath(ProjectFileCorpusTests.folder + "/" + $0.name) }
        for (file, verdict) in zip(files, try Self.verdicts(for: files)) {
            XCTAssertTrue(verdict.hasPrefix("invalid: "), "\(file): \(verdict)")
        }
    }

    /// Single values in every slot the schema constrains by pattern or range:
    /// the schema and the loader must agree on each.
    func testSchemaAndLoaderAgreeValueByValue() throws {
        let times = ["0", "12.5", "-1", "1e3", "1e-12", "0.1", #""12.5""#, #""12.5s""#, #""250ms""#, #""0.5ms""#, #""1:02.25""#,
                     #""01:02:03.040""#, #""75:00""#, #""1:5""#, #""1:60""#, #""1:00:60""#, #""1:60:00""#, #""1.""#, #"".5""#,
                     #""12.5 s""#, #"" 12.5""#, #""12.5\n""#, #""-1""#, #""1e3""#, #""1.123456789""#, #""1.1234567891""#,
                     #""1.123456ms""#, #""1.1234567ms""#, #""1:00ms""#, #""""#, #""abc""#, #""１２""#, #""1:02:03:04""#,
                     "true", "null", "[]", "{}"]
        let volumes = ["0", "1", "15.848931924611133", "15.85", "-0.001", "16", #""-6dB""#, #""-6 dB""#, #""-6  dB""#,
                       #""+24dB""#, #""24.0dB""#, #""24.01dB""#, #""23.99dB""#, #""024dB""#, #""25dB""#, #""100dB""#,
                       #""-1000dB""#, #""6DB""#, #""6db""#, #""6Db""#, #""6 db ""#, #""dB""#, #""1.dB""#, #"".5dB""#,
                       #""+-6dB""#, #""-infdB""#, #""0.5""#, #""1e1dB""#, #""６dB""#, #""-6dB\n""#, "true", "null"]
        let durations = ["0", "0.001", "-1", #""0""#, #""0:00""#, #""0.000000001""#, #""0ms""#, #""00:00:00.000""#, #""1:00""#, "null"]
        let paths = [#""a.mp4""#, #""""#, #""a\u0000b""#, #""\n""#, "1", "null"]
        let depths = ["0", "-12", "-120", "-120.5", "1", #""-12dB""#, "null"]
        let rates = ["8000", "384000", "7999", "384001", "44100.0", "44100.5", #""48000""#]
        let versions = ["1", "1.0", "2", "0", "true", #""1""#]
        let loudnesses = ["-16", "-5", "-50", "-4.9", "-50.5", "0", #""podcast""#, #""ebu-r128""#, #""Podcast""#, #""loud""#,
                          #""-16 LUFS""#, #""-16LKFS""#, #""-16 dB""#, #""-16 lu""#, #""-16.5lufs""#, #""-3 LUFS""#, "null",
                          #"{"target": -23}"#, #"{"target": -23, "truePeak": -2}"#, #"{"target": -23, "truePeak": "-2 dBTP"}"#,
                          #"{"target": "-14 LUFS", "truePeak": 0}"#, #"{"target": -23, "truePeak": 1}"#, #"{"target": -23, "truePeak": -21}"#,
                          #"{"truePeak": -1}"#, #"{"target": -23, "ceiling": -1}"#, "{}", "true"]
        let gaps = ["0", "15", "40", "40.5", "-1", #""15 LU""#, #""15LU""#, #""15 dB""#, #""15 LUFS""#, #""-0""#, "null"]
        let pans = ["0", "-1", "1", "-0.3", "1.0001", "-1.5", "-0", #""0.5""#, "null", "true"]
        let parts = [#"["voiceovers"]"#, #"["clips"]"#, #"["music"]"#, #"["voiceovers", "clips"]"#, #"["clips", "clips"]"#,
                     "[]", #""clips""#, #"["Clips"]"#, "null"]

        let renderSizes = [#""1280x720""#, #""16x8192""#, #""8192X16""#, #""1281x720""#, #""14x16""#, #""8194x720""#, #""1280 x 720""#,
                           #""+1280×0720""#, #"" 1280x720""#, #""1280x720 ""#, #""1280x720\n""#, #""1280*720""#, #""1280x""#, #""x720""#,
                           #""1280x720x2""#, #""-16x16""#, #""١٢٨٠x720""#, "1280", "null", #"{"width": 1280, "height": 720}"#]
        let frameRates = ["25", "25.0", "1", "240", "29.97", "0", "241", "-25", #""25""#, #""0025""#, #""240""#, #""241""#, #""0""#,
                          #""30000/1001""#, #""24000/1001""#, #""0/1""#, #""25/0""#, #""30000 / 1001""#, #""29.97""#, #""+25""#, #"" 25""#,
                          #""25/""#, #""ntsc""#, "null", "true"]
        let colours = [##""#000000""##, ##""#abc""##, ##""#ABCDEF""##, ##""#aBc123""##, ##""#12345""##, ##""#1234567""##, ##""#ggg""##,
                       #""White""#, #""GRAY""#, #""grey""#, #""green""#, #""purple""#, #"" black""#, #""black\n""#, ##""#ＡＢＣ""##,
                       #""123456""#, ##""#""##, "null", "0"]
        let qualities = ["0", "51", "18.5", "23", "-1", "51.5", "60", #""18""#, "null", "true"]
        let transitions = [#"{"type": "dissolve"}"#, #"{"type": "dissolve", "duration": 1.5}"#, #"{"type": "wipe-up", "duration": "250ms"}"#,
                           #"{"type": "cut"}"#, #"{"type": "cut", "duration": 1}"#, #"{"type": "disolve"}"#, #"{"type": "Dissolve"}"#,
                           #"{"type": "dissolve", "duration": 0}"#, #"{"type": "dissolve", "duration": -1}"#, #"{"type": "dissolve", "duration": "0:00"}"#,
                           #"{"duration": 1}"#, #"{"type": "dissolve", "length": 1}"#, #""dissolve""#, #""dissolve:1""#, "null", "{}"]
        let opacities = ["0", "1", "0.5", "1.5", "-0.1", #""0.5""#, "null", "true"]
        let transforms = ["{}", #"{"scale": 0.5}"#, #"{"scale": 100}"#, #"{"scale": 100.5}"#, #"{"scale": 0}"#, #"{"scale": -1}"#,
                          #"{"scaleX": 2, "scaleY": 0.5}"#, #"{"scale": 1, "scaleX": 2}"#, #"{"scale": 1, "scaleY": 2}"#, #"{"rotate": 90}"#,
                          #"{"rotate": 270.0}"#, #"{"rotate": 45}"#, #"{"rotate": -90}"#, #"{"rotate": 360}"#, #"{"rotate": "90"}"#,
                          #"{"x": -16384, "y": 16384}"#, #"{"x": 16385}"#, #"{"y": "1"}"#, #"{"translateX": 1}"#, "1", "null"]
        let crops = [#"{"width": 640, "height": 360}"#, #"{"x": 0, "y": 8192, "width": 8192, "height": 0.5}"#, #"{"width": 0, "height": 1}"#,
                     #"{"width": 8192.5, "height": 1}"#, #"{"x": -1, "width": 1, "height": 1}"#, #"{"x": 8193, "width": 1, "height": 1}"#,
                     #"{"width": 1}"#, #"{"height": 1}"#, #"{"w": 1, "width": 1, "height": 1}"#, "{}", "null"]
        let fits = [#""fit""#, #""fill""#, #""Fit""#, #""letterbox""#, "null"]
        let booleans = ["true", "false", #""true""#, "1", "null"]

        var slots: [(label: String, json: String)] = []
        func video(_ key: String, _ values: [String]) {
            for value in values { slots.append(("video.\(key) \(value)", project(#""video": {"\#(key)": \#(value)}"#))) }
        }
        video("renderSize", renderSizes)
        video("frameRate", frameRates)
        video("background", colours)
        video("quality", qualities)
        video("transition", transitions)
        video("fit", fits)
        video("transitionCurve", [#""linear""#, #""equal-power""#, #""cubic""#, "null"])
        video("fadeIn", [#""1:00""#, "-1", "null"])
        video("fadeAudio", booleans)
        video("fullRender", booleans)
        for value in transitions {
            slots.append(("clips[1].transition \(value)", project(#""clips": [{"path": "a.mp4"}, {"path": "b.mp4", "transition": \#(value)}]"#)))
            slots.append(("clips[0].transition \(value)", project(#""clips": [{"path": "a.mp4", "transition": \#(value)}, {"path": "b.mp4"}]"#)))
        }
        for value in fits { slots.append(("clips[0].fit \(value)", project(#""clips": [{"path": "a.mp4", "fit": \#(value)}]"#))) }
        for (key, values) in [("opacity", opacities), ("transform", transforms), ("crop", crops)] {
            for value in values {
                let ramp = #"{"start": 0, "end": 1, "from": \#(value), "to": \#(value)}"#
                slots.append(("clips[0].\(key) \(value)", project(#""clips": [{"path": "a.mp4", "\#(key)": [\#(ramp)]}]"#)))
            }
            let curve = #"{"start": 0, "end": 1, "from": \#(values[0]), "to": \#(values[0]), "curve": "linear"}"#
            slots.append(("clips[0].\(key) with a curve", project(#""clips": [{"path": "a.mp4", "\#(key)": [\#(curve)]}]"#)))
            slots.append(("clips[0].\(key) not a list", project(#""clips": [{"path": "a.mp4", "\#(key)": \#(values[0])}]"#)))
        }
        for value in times {
            slots.append(("cutFade \(value)", project(#""cutFade": \#(value)"#)))
            slots.append(("voiceovers[0].start \(value)", #"{"version": 1, "voiceovers": [{"path": "v.wav", "start": \#(value)}]}"#))
        }
        for value in volumes { slots.append(("clipVolume \(value)", project(#""clipVolume": \#(value)"#))) }
        for value in durations { slots.append(("output.duration \(value)", project(#""output": {"duration": \#(value)}"#))) }
        for value in paths { slots.append(("clips[0].path \(value)", #"{"version": 1, "clips": [{"path": \#(value)}]}"#)) }
        for value in depths {
            slots.append(("ducking.depth \(value)", project(#""ducking": {"depth": \#(value)}"#)))
            slots.append(("voiceovers[0].duckDepth \(value)", #"{"version": 1, "voiceovers": [{"path": "v.wav", "start": 0, "duckDepth": \#(value)}]}"#))
        }
        for value in rates { slots.append(("output.sampleRate \(value)", project(#""output": {"sampleRate": \#(value)}"#))) }
        for value in loudnesses { slots.append(("output.loudness \(value)", project(#""output": {"loudness": \#(value)}"#))) }
        for value in gaps { slots.append(("ducking.below \(value)", project(#""ducking": {"below": \#(value)}"#))) }
        for value in pans {
            slots.append(("clips[0].pan \(value)", #"{"version": 1, "clips": [{"path": "a.mp4", "pan": \#(value)}]}"#))
            slots.append(("voiceovers[0].pan \(value)", #"{"version": 1, "voiceovers": [{"path": "v.wav", "start": 0, "pan": \#(value)}]}"#))
        }
        for value in parts {
            slots.append(("ducking.sources \(value)", project(#""ducking": {"sources": \#(value)}"#)))
            slots.append(("ducking.targets \(value)", project(#""ducking": {"targets": \#(value)}"#)))
        }
        for value in versions { slots.append(("version \(value)", #"{"version": \#(value), "clips": [{"path": "a.mp4"}]}"#)) }
        for lists in [#""clips": []"#, #""clips": [], "music": []"#, #""voiceovers": [{"path": "v.wav", "start": 1}], "clips": []"#] {
            slots.append(("lists \(lists)", #"{"version": 1, \#(lists)}"#))
        }

        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String] = []
        for (i, slot) in slots.enumerated() {
            let file = folder + "/slot-\(i).json"
            try Data(slot.json.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        for (slot, verdict) in zip(slots, try Self.verdicts(for: files)) {
            let loads = (try? load(slot.json)) != nil
            XCTAssertFalse(verdict.hasPrefix("unparsable"), slot.label)
            XCTAssertEqual(verdict == "valid", loads, "\(slot.label): schema says \(verdict), loader \(loads ? "accepts" : "refuses")")
        }
    }
}
