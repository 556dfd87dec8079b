import Foundation
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownTestSupport
import XCTest

/// A rendered stereo bus held in memory (tests only: renders are short).
struct Rendered {
    var left: [Float] = []
    var right: [Float] = []
    var summary: RenderSummary?

    /// Index of the largest magnitude in `left` within `range`.
    func peakIndex(in range: Range<Int>) -> Int {
        var best = range.lowerBound
        for i in range where abs(left[i]) > abs(left[best]) { best = i }
        return best
    }
}

/// Renders `project` (or part of it) into memory.
func render(_ project: Project, range: MediaTimeRange? = nil, blockSize: Int = 4096) throws -> Rendered {
    let plan = try project.plan()
    let renderer = try AudioRenderer(plan: plan, blockSize: blockSize)
    var out = Rendered()
    let span = try plan.samples(in: range)
    out.summary = try renderer.render(range: span) { block throws(MediaIOError) in
        out.left.append(contentsOf: block.left)
        out.right.append(contentsOf: block.right)
    }
    return out
}
