// swift-tools-version:6.0
import PackageDescription

// Layers go one way: time → composition model → mix model → I/O bridges →
// renderer/export → CLI. docs/architecture.md draws the picture.

let package = Package(
    name: "Mixdown",
    products: [
        .executable(name: "mixdown", targets: ["mixdown"]),
        .library(name: "Mixdown", targets: [
            "MixdownUnits", "MixdownTime", "MixdownComposition", "MixdownAudioMix", "MixdownDynamics", "MixdownPlan",
            "MixdownMediaIO", "MixdownAnalysis", "MixdownRender", "MixdownProject", "MixdownProjectFile", "MixdownPlanning",
            "MixdownExport", "MixdownPlot",
        ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries, found by pkg-config, each behind a small shim header.
        .systemLibrary(
            name: "CFFmpeg", pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswresample-dev", "libswscale-dev", "libavutil-dev"])]),
        .systemLibrary(
            name: "CSndFile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(
            name: "CEbur128", pkgConfig: "libebur128",
            providers: [.apt(["libebur128-dev"])]),

        // Bounded user quantities, each with one parser: gain, decibel levels, rates;
        // and how messages show user text (MessageText).
        .target(name: "MixdownUnits"),
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
        // Assets, composition tracks and segments; the cut rules of stream-copied video.
        .target(name: "MixdownComposition", dependencies: ["MixdownTime", "MixdownUnits"]),
        // Volume, ramps, curves, fades and ducking as gain envelopes.
        .target(name: "MixdownAudioMix", dependencies: ["MixdownTime", "MixdownUnits", "MixdownDSP"]),
        // The streaming look-ahead true-peak limiter of delivery loudness (oversampled detector, smooth gain).
        .target(name: "MixdownDynamics", dependencies: ["MixdownTime", "MixdownUnits", "MixdownDSP"]),
        // What a render runs: the composition, the envelopes and the video stitch plan.
        .target(name: "MixdownPlan", dependencies: ["MixdownTime", "MixdownUnits", "MixdownComposition", "MixdownAudioMix", "MixdownDynamics"]),
        // Everything that touches FFmpeg, libsndfile or libebur128. Only Internals/ imports
        // the C modules (`internal import`); these two features make the compiler hold that line.
        .target(name: "MixdownMediaIO", dependencies: [
            "CFFmpeg", "CSndFile", "CEbur128", "MixdownTime", "MixdownUnits", "MixdownComposition", "MixdownDSP",
        ], swiftSettings: [
            .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
        ]),
        // Streaming renderer: decode, gain, sum, per block.
        .target(name: "MixdownRender", dependencies: [
            "MixdownTime", "MixdownComposition", "MixdownAudioMix", "MixdownPlan", "MixdownMediaIO", "MixdownDSP",
            "MixdownDynamics", "MixdownUnits",
        ]),
        // Signal analysis over FFmpeg's transforms: speech detection.
        .target(name: "MixdownAnalysis", dependencies: ["MixdownTime", "MixdownUnits", "MixdownAudioMix", "MixdownMediaIO"]),
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
            "MixdownAudioMix", "MixdownTime", "MixdownUnits",
        ]),
        // The two outputs: the WAV preview and the export (AAC muxed with the stream-copied video).
        .target(name: "MixdownExport", dependencies: [
            "MixdownTime", "MixdownUnits", "MixdownComposition", "MixdownAudioMix", "MixdownPlan", "MixdownMediaIO", "MixdownRender",
            "MixdownDynamics", "MixdownDSP",
        ]),
        // An SVG picture of the timeline: lanes, waveforms, gain envelopes, duck regions.
        .target(name: "MixdownPlot", dependencies: [
            "MixdownTime", "MixdownComposition", "MixdownAudioMix", "MixdownPlan", "MixdownMediaIO",
        ]),
        .executableTarget(name: "mixdown", dependencies: [
            "MixdownUnits", "MixdownTime", "MixdownComposition", "MixdownAudioMix", "MixdownPlan", "MixdownMediaIO",
            "MixdownAnalysis", "MixdownRender", "MixdownProject", "MixdownProjectFile", "MixdownPlanning", "MixdownExport",
            "MixdownPlot", "MixdownDSP",
            "CAllocator", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "mixdown-kernel-bench", dependencies: ["MixdownDSP"]),

        // Fixture paths, the oracle tools, temporary folders and measurements, for every test target.
        .target(name: "MixdownTestSupport", dependencies: ["MixdownTime", "MixdownComposition", "MixdownMediaIO"],
                path: "Tests/MixdownTestSupport"),
        .testTarget(name: "MixdownUnitsTests", dependencies: ["MixdownUnits"]),
        .testTarget(name: "MixdownTimeTests", dependencies: ["MixdownTime", "MixdownUnits"]),
        .testTarget(name: "MixdownCompositionTests", dependencies: ["MixdownComposition", "MixdownTime", "MixdownUnits"]),
        .testTarget(name: "MixdownAudioMixTests", dependencies: ["MixdownAudioMix", "MixdownUnits", "MixdownTime"]),
        .testTarget(name: "MixdownDSPTests", dependencies: ["MixdownDSP", "MixdownKernels"]),
        .testTarget(name: "MixdownDynamicsTests", dependencies: [
            "MixdownDynamics", "MixdownUnits", "MixdownTime", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownMediaIOTests", dependencies: [
            "MixdownMediaIO", "MixdownComposition", "MixdownDSP", "MixdownUnits", "MixdownTime", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownAnalysisTests", dependencies: [
            "MixdownAnalysis", "MixdownMediaIO", "MixdownTime", "MixdownTestSupport",
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
            "MixdownExport", "MixdownPlanning", "MixdownProject", "MixdownPlan", "MixdownRender", "MixdownMediaIO",
            "MixdownComposition", "MixdownUnits", "MixdownTime", "MixdownTestSupport",
        ]),
        .testTarget(name: "MixdownPlotTests", dependencies: [
            "MixdownPlot", "MixdownPlanning", "MixdownProject", "MixdownUnits", "MixdownTime", "MixdownTestSupport",
        ]),
        .testTarget(name: "CLITests", dependencies: ["MixdownTestSupport"]),
        // The package as a whole: its module graph, its documentation, its use as a dependency.
        .testTarget(name: "PackageTests", dependencies: ["MixdownTestSupport"]),
        .testTarget(name: "ConsumerPackageTests", dependencies: []),
    ],
    swiftLanguageModes: [.v6]
)
