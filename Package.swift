// swift-tools-version:6.0
import PackageDescription

// Layers go one way: time → composition model → mix model → I/O bridges →
// renderer/export → CLI. docs/architecture.md draws the picture.

let package = Package(
    name: "Mixdown",
    products: [
        .executable(name: "mixdown", targets: ["mixdown"]),
        .library(name: "Mixdown", targets: [
            "MixdownTime", "MixdownComposition", "MixdownAudioMix",
            "MixdownMediaIO", "MixdownRender", "MixdownProject", "MixdownExport",
        ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries, found by pkg-config, each behind a small shim header.
        .systemLibrary(
            name: "CFFmpeg", pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswresample-dev", "libavutil-dev"])]),
        .systemLibrary(
            name: "CSndFile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]),

        // Rational media time, ranges, parsing.
        .target(name: "MixdownTime"),
        // Hot numeric kernels, in C: one source compiled twice, for the baseline
        // x86-64 target and with AVX-512 target attributes (no compiler flags: a
        // package with unsafe flags cannot be a versioned dependency). DSP is
        // their Swift face and picks one build when the process starts.
        .target(name: "MixdownKernels"),
        .target(name: "CPUFeatures"),
        .target(name: "MixdownDSP", dependencies: ["MixdownKernels", "CPUFeatures"]),
        // Assets, composition tracks and segments.
        .target(name: "MixdownComposition", dependencies: ["MixdownTime"]),
        // Volume, ramps, curves, fades and ducking as gain envelopes.
        .target(name: "MixdownAudioMix", dependencies: ["MixdownTime", "MixdownComposition", "MixdownDSP"]),
        // Everything that touches FFmpeg or libsndfile.
        .target(name: "MixdownMediaIO", dependencies: ["CFFmpeg", "CSndFile", "MixdownTime", "MixdownDSP"]),
        // Streaming renderer: decode, gain, sum, write.
        .target(name: "MixdownRender", dependencies: [
            "MixdownTime", "MixdownComposition", "MixdownAudioMix", "MixdownMediaIO", "MixdownDSP", "MixdownProject",
        ]),
        // The timeline users describe (flags or a project file), built into a composition and mix.
        .target(name: "MixdownProject", dependencies: [
            "MixdownTime", "MixdownComposition", "MixdownAudioMix", "MixdownMediaIO",
        ]),
        // The export session: the mix encoded to AAC and muxed with the stream-copied video.
        .target(name: "MixdownExport", dependencies: [
            "MixdownTime", "MixdownMediaIO", "MixdownRender", "MixdownProject",
        ]),
        // An SVG picture of the timeline: lanes, waveforms, gain envelopes, duck regions.
        .target(name: "MixdownPlot", dependencies: ["MixdownTime", "MixdownComposition", "MixdownAudioMix", "MixdownMediaIO", "MixdownProject"]),
        .executableTarget(name: "mixdown", dependencies: [
            "MixdownTime", "MixdownComposition", "MixdownAudioMix", "MixdownMediaIO", "MixdownRender", "MixdownProject", "MixdownExport",
            "MixdownPlot",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "mixdown-kernel-bench", dependencies: ["MixdownDSP"]),

        .testTarget(name: "MixdownTimeTests", dependencies: ["MixdownTime"]),
        .testTarget(name: "MixdownAudioMixTests", dependencies: ["MixdownAudioMix", "MixdownComposition", "MixdownTime"]),
        .testTarget(name: "MixdownDSPTests", dependencies: ["MixdownDSP", "MixdownKernels"]),
        .testTarget(name: "MixdownMediaIOTests", dependencies: ["MixdownMediaIO", "MixdownTime"]),
        .testTarget(name: "MixdownRenderTests", dependencies: [
            "MixdownRender", "MixdownAudioMix", "MixdownComposition", "MixdownMediaIO", "MixdownTime", "MixdownDSP",
            "MixdownProject", "MixdownExport",
        ]),
        .testTarget(name: "MixdownExportTests", dependencies: [
            "MixdownExport", "MixdownProject", "MixdownRender", "MixdownMediaIO", "MixdownTime",
        ]),
        .testTarget(name: "CLITests", dependencies: []),
        .testTarget(name: "MixdownProjectTests", dependencies: ["MixdownProject", "MixdownTime", "MixdownAudioMix"]),
        .testTarget(name: "MixdownExportIOTests", dependencies: ["MixdownMediaIO", "MixdownTime"]),
        .testTarget(name: "MixdownPlotTests", dependencies: ["MixdownPlot", "MixdownProject", "MixdownTime"]),
        // A package that depends on the `Mixdown` product by version (a local git tag)
        // builds and runs the README's example: fails if unsafe flags come back.
        .testTarget(name: "ConsumerPackageTests", dependencies: []),
    ],
    swiftLanguageModes: [.v6]
)
