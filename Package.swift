// swift-tools-version:6.0
import PackageDescription

// Layers go one way: thin C targets and time → composition model → mix model →
// I/O → renderer → loudness → export → CLI. docs/architecture.md draws the picture,
// and Tests/PackageTests/ArchitectureTests checks it against this file.

let package = Package(
    name: "Mixdown",
    products: [
        .executable(name: "mixdown", targets: ["mixdown"]),
        // MixdownDSP is public API too: the writers, encoders, meters and the limiter take its audio views.
        .library(name: "Mixdown", targets: [
            "MixdownUnits", "MixdownTime", "MixdownDSP", "MixdownBitstream", "MixdownComposition", "MixdownAudioMix", "MixdownDynamics",
            "MixdownPlan", "MixdownMediaIO", "MixdownAnalysis", "MixdownRender", "MixdownLoudness", "MixdownProject",
            "MixdownProjectFile", "MixdownPlanning", "MixdownExport", "MixdownPlot", "MixdownInterchange",
        ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries, found by pkg-config, each behind a small shim header.
        .systemLibrary(
            name: "CFFmpeg", pkgConfig: "libavformat",
            providers: [.apt(["libavfilter-dev", "libavformat-dev", "libavcodec-dev", "libswresample-dev", "libswscale-dev", "libavutil-dev"])]),
        .systemLibrary(
            name: "CSndFile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(
            name: "CEbur128", pkgConfig: "libebur128",
            providers: [.apt(["libebur128-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "pangocairo librsvg-2.0",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "librsvg2-dev"])]),
        .systemLibrary(
            name: "CZimg", pkgConfig: "zimg",
            providers: [.apt(["libzimg-dev"])]),

        // Bounded user quantities, each with one parser: gain, decibel levels, rates;
        // and how messages show user text (MessageText).
        .target(name: "MixdownUnits"),
        // The H.264 and HEVC bitstreams in pure Swift: NAL units in Annex B and length-prefixed
        // form, decoder configuration records (avcC, hvcC), IDR pictures.
        .target(name: "MixdownBitstream"),
        // Rational media time, ranges, time bases, frame rates, parsing.
        .target(name: "MixdownTime", dependencies: ["MixdownUnits"]),
        // Hot numeric kernels, in C: one source compiled twice, for the baseline
        // x86-64 target and with AVX-512 target attributes (no compiler flags: a
        // package with unsafe flags cannot be a versioned dependency). DSP is
        // their Swift face and picks one build when the process starts.
        .target(name: "MixdownKernels"),
        .target(name: "CPUFeatures"),
        // glibc's malloc settings, which Swift's Glibc module does not declare (the CLI's policy).
        .target(name: "CAllocator"),
        .target(name: "MixdownDSP", dependencies: ["MixdownKernels", "CPUFeatures"]),

        // Thin C targets, one per C library: owners of its objects with Swift-typed `package`
        // APIs, after apple/swift-system. Only their Internals/ import a C module, `internal`;
        // these two features make the compiler hold that line.
        // Glibc: file descriptors, the path syscalls, errno as `SystemError`, joinable threads,
        // the temporary outputs a signal handler removes.
        .target(name: "MixdownSystem", swiftSettings: [
            .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
        ]),
        // libsndfile: a handle writing WAV, RF64 or raw samples through a Swift `SoundFileIO`.
        .target(name: "MixdownSndFile", dependencies: ["CSndFile", "MixdownUnits"], swiftSettings: [
            .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
        ]),
        // libebur128: one meter state, its creation serialised.
        .target(name: "MixdownEbur128", dependencies: ["CEbur128"], swiftSettings: [
            .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
        ]),
        // FFmpeg's libraries: demuxer, muxer, packets, frames, codecs, libswscale, libswresample,
        // the audio FIFO, av_tx; statuses, FFmpeg's log, and `FFmpegError` for what failed.
        .target(name: "MixdownFFmpeg", dependencies: ["CFFmpeg", "MixdownTime", "MixdownUnits", "MixdownDSP"], swiftSettings: [
            .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
        ]),
        // Cairo, Pango and librsvg: text shaped, laid out and drawn, SVG rendered, images turned,
        // into MixdownDSP's `OverlayImage`s.
        .target(name: "MixdownCairo", dependencies: ["CCairo", "MixdownDSP", "MixdownUnits"], swiftSettings: [
            .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
        ]),
        // zimg: colour conversions between planar Y'CbCr buffers (matrix, transfer, primaries,
        // range, depth), with BT.2390's tone curve between HDR and SDR.
        .target(name: "MixdownZimg", dependencies: ["CZimg"], swiftSettings: [
            .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
        ]),
        // Assets, composition tracks and segments; the cut rules of stream-copied video and of the
        // smart render (which reads HEVC parameter sets to tell whether a clip can be spliced).
        .target(name: "MixdownComposition", dependencies: ["MixdownTime", "MixdownUnits", "MixdownBitstream"]),
        // Volume, ramps, curves, fades and ducking as gain envelopes.
        .target(name: "MixdownAudioMix", dependencies: ["MixdownTime", "MixdownUnits", "MixdownDSP"]),
        // The streaming look-ahead true-peak limiter of delivery loudness (oversampled detector, smooth gain).
        .target(name: "MixdownDynamics", dependencies: ["MixdownTime", "MixdownUnits", "MixdownDSP"]),
        // What a render runs: the composition, the envelopes and the video stitch plan.
        .target(name: "MixdownPlan", dependencies: ["MixdownTime", "MixdownUnits", "MixdownComposition", "MixdownAudioMix", "MixdownDynamics"]),
        // Reading, writing and video over the thin C targets: probing, decoding and resampling,
        // WAV and AAC writing, the export's movie, video decoding, scaling and encoding; overlays'
        // pictures (text, boxes and SVG through MixdownCairo).
        // Public API speaks Swift types and `MediaIOError`, never a C type.
        .target(name: "MixdownMediaIO", dependencies: [
            "MixdownFFmpeg", "MixdownSndFile", "MixdownSystem", "MixdownCairo", "MixdownZimg", "MixdownBitstream", "MixdownTime",
            "MixdownUnits", "MixdownComposition", "MixdownDSP",
        ], swiftSettings: [
            .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
        ]),
        // Streaming renderer: decode, gain, sum, per block; the worker threads of every render.
        .target(name: "MixdownRender", dependencies: [
            "MixdownTime", "MixdownComposition", "MixdownAudioMix", "MixdownPlan", "MixdownMediaIO", "MixdownDSP",
            "MixdownDynamics", "MixdownUnits", "MixdownSystem",
        ]),
        // Signal analysis over FFmpeg's transforms (av_tx): speech detection.
        .target(name: "MixdownAnalysis", dependencies: ["MixdownTime", "MixdownUnits", "MixdownAudioMix", "MixdownFFmpeg"]),
        // Loudness after EBU R128 / ITU-R BS.1770-4 (libebur128): meters, a programme's figures in
        // one piece or merged from stretches, a file's; a plan's mix metered as it renders (in
        // stretches, recording the bus), its dialogue, and its normalisation to a delivery loudness.
        .target(name: "MixdownLoudness", dependencies: [
            "MixdownEbur128", "MixdownMediaIO", "MixdownRender", "MixdownPlan", "MixdownAudioMix", "MixdownDynamics", "MixdownDSP", "MixdownTime",
            "MixdownUnits",
        ]),
        // SRT and WebVTT caption files read into the composition's caption tracks (exact times, styled runs, cue settings).
        .target(name: "MixdownCaptions", dependencies: ["MixdownComposition", "MixdownTime", "MixdownUnits"]),
        // The timeline users describe, as a value.
        .target(name: "MixdownProject", dependencies: ["MixdownTime", "MixdownUnits", "MixdownComposition", "MixdownAudioMix"]),
        // The project file: JSON reading (every problem with its path) and writing.
        .target(name: "MixdownProjectFile", dependencies: [
            "MixdownProject", "MixdownTime", "MixdownUnits", "MixdownAudioMix", "MixdownComposition",
        ]),
        // A project resolved against its media: probing, stitching, composing, placing, ducking → MixPlan
        // (never rendering: a duck by loudness is left for the loudness pass).
        .target(name: "MixdownPlanning", dependencies: [
            "MixdownProject", "MixdownPlan", "MixdownMediaIO", "MixdownAnalysis", "MixdownComposition",
            "MixdownAudioMix", "MixdownCaptions", "MixdownTime", "MixdownUnits",
        ]),
        // The two outputs: the WAV preview and the export (AAC muxed with the stream-copied video).
        .target(name: "MixdownExport", dependencies: [
            "MixdownTime", "MixdownUnits", "MixdownBitstream", "MixdownComposition", "MixdownPlan", "MixdownMediaIO", "MixdownRender",
            "MixdownLoudness", "MixdownDSP",
        ]),
        // An SVG picture of the timeline: lanes, waveforms, gain envelopes, duck regions.
        .target(name: "MixdownPlot", dependencies: [
            "MixdownTime", "MixdownUnits", "MixdownComposition", "MixdownAudioMix", "MixdownPlan", "MixdownMediaIO",
        ]),
        // Editors in and out: OpenTimelineIO read into a project and written from one, and Final Cut Pro 7 XML written
        // with the mix's levels as keyframes (the laid-out timeline comes from the plan).
        .target(name: "MixdownInterchange", dependencies: [
            "MixdownProject", "MixdownProjectFile", "MixdownPlanning", "MixdownPlan", "MixdownAudioMix", "MixdownComposition",
            "MixdownTime", "MixdownUnits",
        ]),
        .executableTarget(name: "mixdown", dependencies: [
            "MixdownUnits", "MixdownTime", "MixdownComposition", "MixdownAudioMix", "MixdownPlan", "MixdownMediaIO",
            "MixdownAnalysis", "MixdownRender", "MixdownLoudness", "MixdownProject", "MixdownProjectFile", "MixdownPlanning",
            "MixdownExport", "MixdownPlot", "MixdownInterchange", "MixdownDSP", "MixdownCaptions",
            "CAllocator", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "mixdown-kernel-bench", dependencies: ["MixdownDSP", "MixdownZimg"]),

        // Fixture paths, the oracle tools, temporary folders and measurements, for every test target.
        .target(name: "MixdownTestSupport", dependencies: ["MixdownTime", "MixdownComposition", "MixdownMediaIO"],
                path: "Tests/MixdownTestSupport"),
        .testTarget(name: "MixdownUnitsTests", dependencies: ["MixdownUnits"]),
        .testTarget(name: "MixdownTimeTests", dependencies: ["MixdownTime", "MixdownUnits"]),
        .testTarget(name: "MixdownCompositionTests", dependencies: ["MixdownComposition", "MixdownBitstream", "MixdownTime", "MixdownUnits"]),
        .testTarget(name: "MixdownAudioMixTests", dependencies: ["MixdownAudioMix", "MixdownUnits", "MixdownTime"]),
        .testTarget(name: "MixdownDSPTests", dependencies: ["MixdownDSP", "MixdownKernels"]),
        .testTarget(name: "MixdownDynamicsTests", dependencies: [
            "MixdownDynamics", "MixdownDSP", "MixdownUnits", "MixdownTime", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownMediaIOTests", dependencies: [
            "MixdownMediaIO", "MixdownBitstream", "MixdownComposition", "MixdownDSP", "MixdownUnits", "MixdownTime",
            "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownBitstreamTests", dependencies: [
            "MixdownBitstream", "MixdownMediaIO", "MixdownComposition", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownLoudnessTests", dependencies: [
            "MixdownLoudness", "MixdownMediaIO", "MixdownExport", "MixdownPlanning", "MixdownProject", "MixdownPlan", "MixdownRender",
            "MixdownAudioMix", "MixdownComposition", "MixdownDynamics", "MixdownDSP", "MixdownUnits", "MixdownTime", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownAnalysisTests", dependencies: [
            "MixdownAnalysis", "MixdownMediaIO", "MixdownTime", "MixdownUnits", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownProjectFileTests", dependencies: [
            "MixdownProjectFile", "MixdownProject", "MixdownComposition", "MixdownAudioMix", "MixdownUnits", "MixdownTime",
            "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownPlanningTests", dependencies: [
            "MixdownPlanning", "MixdownProject", "MixdownPlan", "MixdownAudioMix", "MixdownComposition", "MixdownUnits",
            "MixdownTime", "MixdownRender", "MixdownMediaIO", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownRenderTests", dependencies: [
            "MixdownRender", "MixdownPlanning", "MixdownProject", "MixdownProjectFile", "MixdownPlan", "MixdownExport",
            "MixdownMediaIO", "MixdownUnits", "MixdownTime", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownExportTests", dependencies: [
            "MixdownExport", "MixdownPlanning", "MixdownProject", "MixdownPlan", "MixdownRender", "MixdownLoudness", "MixdownMediaIO",
            "MixdownComposition", "MixdownDSP", "MixdownUnits", "MixdownTime", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownZimgTests", dependencies: ["MixdownZimg", "MixdownTestSupport"]),
        .testTarget(name: "MixdownCaptionsTests", dependencies: [
            "MixdownCaptions", "MixdownComposition", "MixdownTime", "MixdownUnits", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownPlotTests", dependencies: [
            "MixdownPlot", "MixdownPlanning", "MixdownProject", "MixdownUnits", "MixdownTime", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownInterchangeTests", dependencies: [
            "MixdownInterchange", "MixdownProject", "MixdownProjectFile", "MixdownPlanning", "MixdownPlan", "MixdownAudioMix",
            "MixdownComposition", "MixdownUnits", "MixdownTime", "MixdownTestSupport",
        ]),
        // The `mixdown` executable, run as users run it, and its command line parsed in process (`mixdown`, ArgumentParser);
        // MixdownUnits and MixdownExport for the defaults its help must show; the project its flags make.
        .testTarget(name: "CLITests", dependencies: [
            "mixdown", "MixdownTestSupport", "MixdownUnits", "MixdownExport", "MixdownProject", "MixdownAudioMix", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The package as a whole: its module graph, its documentation, its use as a dependency.
        .testTarget(name: "PackageTests", dependencies: ["MixdownTestSupport"]),
        .testTarget(name: "ConsumerPackageTests", dependencies: []),
    ],
    swiftLanguageModes: [.v6]
)
