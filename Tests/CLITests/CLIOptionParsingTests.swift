import ArgumentParser
import Foundation
@testable import mixdown
import MixdownAudioMix
import MixdownProject
import MixdownUnits
import XCTest

/// Every option whose value is a number, a time or a text takes the next word as
/// its value even when it starts with '-' (`--loudness -23`, `--true-peak -2`),
/// parsed in process: ArgumentParser's default reads such a word as an option and
/// refuses the flag with "Missing value".
final class CLIOptionParsingTests: XCTestCase {
    /// What every command needs besides the option under test to parse and validate.
    private static let required: [String: [String]] = [
        "mix": ["--music", "bed.wav", "-o", "out.wav"],
        "export": ["--music", "bed.wav", "-o", "out.mp4"],
        "init": ["--music", "bed.wav"],
        "inspect": ["--music", "bed.wav"],
        "automation": ["--music", "bed.wav"],
        "plot": ["--music", "bed.wav", "-o", "out.svg"],
        "loudness": ["--music", "bed.wav"],
        "frame": ["--video", "clip.mp4", "--at", "1", "-o", "frame.png"],
        "validate": ["project.json"],
        "probe": ["clip.mp4"],
    ]

    /// The value names of options whose value is a number, a time or a text, so
    /// may be typed with a leading '-': each must read the next word as its value.
    private static let takesSignedValue: Set<String> = [
        "LUFS|preset", "dBTP", "db", "lu", "gain", "pan", "time", "start-end", "text@start-end",
        "opacity", "hz", "n", "bits/s", "crf", "pixels", "size", "lufs",
    ]
    /// Value names of options whose value is a name or a path: a word starting with
    /// '-' there is taken as the next option, and the flag as missing its value.
    private static let takesWordOrPath: Set<String> = [
        "path", "path@time", "path[@time]", "path[@lang]", "curve", "mode", "parts", "type[:s]", "WxH", "colour",
        "name", "range", "anchor", "progress", "format", "out.wav", "out.mp4", "out.svg", "frame.png", "project.json",
        "N=role", "dir", "OLD=NEW", "how",
    ]

    /// The subcommands by name.
    private static let commands: [String: ParsableCommand.Type] = Dictionary(
        uniqueKeysWithValues: Mixdown.configuration.subcommands.map { ($0._commandName, $0) })

    /// Parses `arguments` as the `mixdown` command line; the error's message on
    /// failure. The subcommand parses its own arguments: ArgumentParser's debug
    /// builds check a whole tree of commands at each parse, a tenth of the time.
    private func parse(_ arguments: [String]) -> Result<ParsableCommand, ParseFailure> {
        guard let name = arguments.first, let command = Self.commands[name] else {
            return .failure(ParseFailure(message: "no command \(arguments.first ?? "")"))
        }
        do { return .success(try command.parseAsRoot(Array(arguments.dropFirst()))) } catch {
            return .failure(ParseFailure(message: command.message(for: error)))
        }
    }

    private struct ParseFailure: Error { var message: String }

    private func parsed<Command: ParsableCommand>(_ arguments: [String], as type: Command.Type,
                                                  file: StaticString = #filePath, line: UInt = #line) throws -> Command {
        switch parse(arguments) {
        case let .success(command): return try XCTUnwrap(command as? Command, file: file, line: line)
        case let .failure(failure):
            XCTFail("\(arguments.joined(separator: " ")): \(failure.message)", file: file, line: line)
            throw failure
        }
    }

    // MARK: Negative values that are valid

    func testLoudnessTakesANegativeLUFS() throws {
        let mix = try parsed(["mix", "--loudness", "-23"] + Self.required["mix"]!, as: MixCommand.self)
        XCTAssertEqual(mix.delivery.loudness?.target.decibels, -23)
        let export = try parsed(["export", "--loudness", "-24"] + Self.required["export"]!, as: ExportCommand.self)
        XCTAssertEqual(export.delivery.loudness?.target.decibels, -24)
    }

    func testTruePeakTakesANegativeCeiling() throws {
        let mix = try parsed(["mix", "--loudness", "-23", "--true-peak", "-2"] + Self.required["mix"]!, as: MixCommand.self)
        XCTAssertEqual(mix.delivery.truePeak?.decibels, -2)
        let export = try parsed(["export", "--loudness", "podcast", "--true-peak", "-1.5"] + Self.required["export"]!,
                                as: ExportCommand.self)
        XCTAssertEqual(export.delivery.truePeak?.decibels, -1.5)
    }

    func testDuckDepthThresholdAndGapTakeNegativeDecibels() throws {
        let command = try parsed(["init", "--duck", "-12", "--duck-threshold", "-50dB", "--duck-below", "-0"] + Self.required["init"]!,
                                 as: InitCommand.self)
        XCTAssertEqual(command.timeline.shaping.duck?.decibels, -12)
        XCTAssertEqual(command.timeline.shaping.duckThreshold?.decibels, -50)
        XCTAssertEqual(command.timeline.shaping.duckBelow?.decibels, 0)
    }

    func testVolumesTakeNegativeDecibels() throws {
        let command = try parsed(["init", "--clip-volume", "-6dB", "--voiceover-volume", "-3 dB", "--music-volume", "-20dB"]
                                 + Self.required["init"]!, as: InitCommand.self)
        let flags = command.timeline.flags
        XCTAssertEqual(try XCTUnwrap(flags.clipVolume?.decibels), -6, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(flags.voiceoverVolume?.decibels), -3, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(flags.musicVolume?.decibels), -20, accuracy: 1e-9)
    }

    func testPansTakeNegativePositions() throws {
        let command = try parsed(["init", "--clip-pan", "-0.5", "--voiceover-pan", "-1", "--music-pan", "-0.25"] + Self.required["init"]!,
                                 as: InitCommand.self)
        let flags = command.timeline.flags
        XCTAssertEqual(flags.clipPan?.position, -0.5)
        XCTAssertEqual(flags.voiceoverPan?.position, -1)
        XCTAssertEqual(flags.musicPan?.position, -0.25)
    }

    func testTitleTakesATextStartingWithADash() throws {
        let command = try parsed(["init", "--title", "- The End -@1-2", "--title", "-5 °C@2-3"] + Self.required["init"]!,
                                 as: InitCommand.self)
        XCTAssertEqual(command.timeline.overlays.titles.map(\.text), ["- The End -", "-5 °C"])
    }

    func testDialogueFlagsSetTheProjectsDialogue() throws {
        let command = try parsed(["init", "--level-dialogue", "adaptive", "--dialogue-target", "-18", "--denoise", "15",
                                  "--dehum", "60", "--highpass", "100Hz"] + Self.required["init"]!, as: InitCommand.self)
        var project = Project()
        command.timeline.shaping.dialogue.apply(to: &project)
        XCTAssertEqual(project.dialogue.level, .adaptive)
        XCTAssertEqual(project.dialogue.target, .loudness(try LoudnessLevel(decibels: -18)))
        XCTAssertEqual(project.dialogue.cleanup.denoise?.decibels, 15)
        XCTAssertEqual(project.dialogue.cleanup.dehum, .mains(60))
        XCTAssertEqual(project.dialogue.cleanup.highpass?.hertz, 100)
        // `off` turns off what a project file asks for; nothing given keeps it.
        project.dialogue.cleanup = DialogueCleanup(highpass: .standard, dehum: .auto, denoise: .standard)
        let off = try parsed(["init", "--denoise", "off", "--highpass", "off"] + Self.required["init"]!, as: InitCommand.self)
        off.timeline.shaping.dialogue.apply(to: &project)
        XCTAssertEqual(project.dialogue.cleanup, DialogueCleanup(dehum: .auto))
        XCTAssertEqual(project.dialogue.level, .adaptive)
        for bad in [["--level-dialogue", "loud"], ["--denoise", "60"], ["--dehum", "55"], ["--highpass", "5"], ["--dialogue-target", "-80"]] {
            guard case let .failure(failure) = parse(["init"] + bad + Self.required["init"]!) else {
                XCTFail("\(bad.joined(separator: " ")) was accepted")
                continue
            }
            XCTAssertTrue(failure.message.contains(bad[1]), "\(failure.message) quotes \(bad[1])")
        }
    }

    // MARK: Negative values out of range: refused by the range, not as a missing value

    /// `command option value` is refused for its value: the message quotes the
    /// word, which the option took as its value.
    private func assertRefusedAsValue(_ command: String, _ option: String, _ value: String, besides extra: [String] = [],
                                      file: StaticString = #filePath, line: UInt = #line) {
        let arguments = [command, option, value] + extra + Self.required[command]!
        switch parse(arguments) {
        case .success: XCTFail("\(arguments.joined(separator: " ")) was accepted", file: file, line: line)
        case let .failure(failure):
            XCTAssertTrue(failure.message.contains(value) && failure.message.contains(option) && !failure.message.contains("Missing value"),
                          "\(command) \(option) \(value): \(failure.message)", file: file, line: line)
        }
    }

    /// A loudness, a time and a number: each refusal costs a usage message (half
    /// a second in a debug build), and the help dump checks every other option.
    func testANegativeValueOutOfRangeIsRefusedByItsRange() {
        assertRefusedAsValue("mix", "--loudness", "-99")
        assertRefusedAsValue("init", "--fade-in", "-0.5")
        assertRefusedAsValue("export", "--threads", "-2")
    }

    // MARK: Every option of every command

    /// Every option of every command, as ArgumentParser describes them (its
    /// help dump, in process): one whose value is a number, a time or a text
    /// takes the next word unconditionally; every other value name is listed as
    /// a name or a path, so a new option must be put in one list or the other.
    func testEveryOptionWithASignedValueTakesTheNextWord() throws {
        let dump = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Mixdown._dumpHelp().utf8)) as? [String: Any])
        let root = try XCTUnwrap(dump["command"] as? [String: Any])
        var signed: [String] = []
        for command in try XCTUnwrap(root["subcommands"] as? [[String: Any]]) {
            let name = try XCTUnwrap(command["commandName"] as? String)
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                let option = ((argument["preferredName"] as? [String: Any])?["name"] as? String).map { "--" + $0 } ?? "?"
                let valueName = argument["valueName"] as? String ?? ""
                let strategy = argument["parsingStrategy"] as? String
                if Self.takesSignedValue.contains(valueName) {
                    XCTAssertEqual(strategy, "unconditional", "\(name) \(option) <\(valueName)> must take the next word, '-' or not")
                    signed.append("\(name) \(option)")
                } else {
                    XCTAssertTrue(Self.takesWordOrPath.contains(valueName), "\(name) \(option) <\(valueName)>: list it as signed or as a word or path")
                }
            }
        }
        // 24 of the timeline's flags on each of 7 commands, and the commands' own.
        XCTAssertGreaterThan(signed.count, 100)
        for expected in ["mix --loudness", "export --true-peak", "frame --at", "plot --width", "export --video-quality", "inspect --threads"] {
            XCTAssertTrue(signed.contains(expected), expected)
        }
    }
}
