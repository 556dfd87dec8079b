import Foundation

/// Measurements on decoded audio, for assertions with numbers.
public enum Measure {
    /// Root mean square of `x`; 0 for no samples.
    public static func rms(_ x: ArraySlice<Float>) -> Double {
        guard !x.isEmpty else { return 0 }
        return x.withUnsafeBufferPointer { p in
            var sum = 0.0
            for i in 0..<p.count { sum += Double(p[i]) * Double(p[i]) }
            return (sum / Double(p.count)).squareRoot()
        }
    }

    /// Root mean square of `x`; 0 for no samples.
    public static func rms(_ x: [Float]) -> Double { rms(x[...]) }

    /// A ratio in decibels, `20·log10(ratio)`.
    public static func dB(_ ratio: Double) -> Double { 20 * log10(ratio) }

    /// Index of the largest |x| in `range` (the whole of `x` by default).
    public static func argmaxAbs(_ x: [Float], in range: Range<Int>? = nil) -> Int {
        let range = range ?? x.indices
        return x.withUnsafeBufferPointer { p in
            var best = range.lowerBound
            var bestValue: Float = -1
            for i in range where abs(p[i]) > bestValue {
                bestValue = abs(p[i])
                best = i
            }
            return best
        }
    }

    /// Largest |a[i] - b[i]| over the common length; infinity where either is NaN.
    public static func maxDifference(_ a: ArraySlice<Float>, _ b: ArraySlice<Float>) -> Float {
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                var worst: Float = 0
                for i in 0..<min(pa.count, pb.count) {
                    let d = abs(pa[i] - pb[i])
                    if !(d <= worst) { worst = d.isNaN ? .infinity : d }
                }
                return worst
            }
        }
    }

    /// Normalised cross-correlation of `a` against `b` shifted by `lag` (b[i + lag] with a[i]) over `range`.
    public static func correlation(_ a: [Float], _ b: [Float], lag: Int, range: Range<Int>) -> Double {
        var ab = 0.0, aa = 0.0, bb = 0.0
        for i in range where i + lag >= 0 && i + lag < b.count && i < a.count {
            let x = Double(a[i]), y = Double(b[i + lag])
            ab += x * y; aa += x * x; bb += y * y
        }
        return aa > 0 && bb > 0 ? ab / (aa * bb).squareRoot() : 0
    }

    /// The lag in `lags` with the highest correlation, and that correlation.
    public static func bestLag(_ a: [Float], _ b: [Float], lags: ClosedRange<Int>, range: Range<Int>) -> (lag: Int, correlation: Double) {
        lags.map { ($0, correlation(a, b, lag: $0, range: range)) }.max { $0.1 < $1.1 }!
    }

    /// Amplitude and phase of the `frequency` component of `x[range]`, by correlation
    /// with a sine and a cosine (exact for a whole number of periods in the window).
    public static func tone(_ x: [Float], frequency: Double, rate: Double, range: Range<Int>) -> (amplitude: Double, phase: Double) {
        var s = 0.0, c = 0.0
        let w = 2 * Double.pi * frequency / rate
        for n in range {
            let v = Double(x[n])
            s += v * sin(w * Double(n))
            c += v * cos(w * Double(n))
        }
        let scale = 2 / Double(range.count)
        return ((s * s + c * c).squareRoot() * scale, atan2(c, s))
    }

    /// Least-squares fit of `a·sin + b·cos + dc` at `frequency` over `x[range]`:
    /// the fitted amplitude, phase and the residual's RMS.
    public static func sineFit(_ x: [Float], frequency: Double, rate: Double, range: Range<Int>)
        -> (amplitude: Double, phase: Double, residualRMS: Double, signalRMS: Double)
    {
        // Normal equations of the 3-parameter model, solved directly.
        let w = 2 * Double.pi * frequency / rate
        var m = [[Double]](repeating: [Double](repeating: 0, count: 3), count: 3)
        var v = [Double](repeating: 0, count: 3)
        for n in range {
            let basis = [sin(w * Double(n)), cos(w * Double(n)), 1.0]
            let y = Double(x[n])
            for i in 0..<3 {
                v[i] += basis[i] * y
                for j in 0..<3 { m[i][j] += basis[i] * basis[j] }
            }
        }
        let p = solve3(m, v)
        var residual = 0.0, signal = 0.0
        for n in range {
            let model = p[0] * sin(w * Double(n)) + p[1] * cos(w * Double(n)) + p[2]
            let y = Double(x[n])
            residual += (y - model) * (y - model)
            signal += model * model
        }
        let count = Double(range.count)
        return ((p[0] * p[0] + p[1] * p[1]).squareRoot(), atan2(p[1], p[0]),
                (residual / count).squareRoot(), (signal / count).squareRoot())
    }

    /// Gaussian elimination with partial pivoting for a 3×3 system.
    private static func solve3(_ matrix: [[Double]], _ rhs: [Double]) -> [Double] {
        var a = matrix, b = rhs
        for col in 0..<3 {
            let pivot = (col..<3).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            a.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for row in (col + 1)..<3 {
                let f = a[row][col] / a[col][col]
                for k in col..<3 { a[row][k] -= f * a[col][k] }
                b[row] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: 3)
        for row in stride(from: 2, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<3 { sum -= a[row][k] * x[k] }
            x[row] = sum / a[row][row]
        }
        return x
    }
}
