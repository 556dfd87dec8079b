import MixdownTime
import XCTest

final class MediaTimeArithmeticTests: XCTestCase {
    func testSameTimescaleKeepsIt() throws {
        let sum = try time(3, 48_000) + time(5, 48_000)
        XCTAssertEqual(sum.value, 8)
        XCTAssertEqual(sum.timescale, 48_000)
        let difference = try time(3, 48_000) - time(5, 48_000)
        XCTAssertEqual(difference.value, -2)
        XCTAssertEqual(difference.timescale, 48_000)
    }

    func testThirdPlusSixthIsExactlyHalf() throws {
        let sum = try time(1, 3) + time(1, 6)
        XCTAssertEqual(sum, try time(1, 2))
        XCTAssertEqual(sum.timescale, 6, "lcm of 3 and 6")
        XCTAssertEqual(sum.value, 3)
    }

    func testDifferentTimescalesUseLeastCommonMultiple() throws {
        let sum = try time(1, 48_000) + time(1, 44_100)
        XCTAssertEqual(sum.timescale, 7_056_000)
        XCTAssertEqual(sum.value, 147 + 160)
        let difference = try time(1, 44_100) - time(1, 48_000)
        XCTAssertEqual(difference, try time(13, 7_056_000))
    }

    func testZeroPlusTimeTakesTheTimeTimescale() throws {
        let sum = try MediaTime.zero + time(7, 48_000)
        XCTAssertEqual(sum.value, 7)
        XCTAssertEqual(sum.timescale, 48_000)
    }

    func testLeastCommonMultipleOverflowFallsBackToLargerTimescale() throws {
        // Two primes near 1e9: their lcm (~1e18) cannot be an Int32 timescale.
        let p: Int32 = 1_000_000_007
        let q: Int32 = 999_999_937
        let sum = try time(1, p) + time(1, q)
        XCTAssertEqual(sum.timescale, p, "the larger timescale")
        // 1/p + 1/q is 1 + p/q = 2.00000007 ticks of p.
        XCTAssertEqual(sum.value, 2)
        // Exact whenever the true result lies on p's grid.
        XCTAssertEqual(try time(Int64(q), q) + time(1, p), try time(Int64(p) + 1, p))
    }

    func testLeastCommonMultipleFallbackRoundsHalfUp() throws {
        // Int32.max is prime, so with timescale 2 the lcm is 2 * Int32.max.
        let large = Int32.max
        let half = try time(1, 2)
        // 1/2 s is Int32.max / 2 = 1073741823.5 ticks: an exact half.
        let up = try time(0, large) + half
        XCTAssertEqual(up.timescale, large)
        XCTAssertEqual(up.value, 1_073_741_824)
        // floor(-1073741823.5 + 1/2) = -1073741823: half rounds toward +inf.
        let down = try time(0, large) - half
        XCTAssertEqual(down.value, -1_073_741_823)
        // Not a half: 1/3 s = 715827882.33 ticks, 2/3 s = 1431655764.67 ticks.
        XCTAssertEqual(try (time(0, large) + time(1, 3)).value, 715_827_882)
        XCTAssertEqual(try (time(0, large) + time(2, 3)).value, 1_431_655_765)
    }

    func testLeastCommonMultipleFallbackReportsValueOverflow() throws {
        assertThrows(
            .overflow("4294967298s + 0.5s"),
            try time(.max, .max) + time(1, 2))
    }

    func testValueOverflowThrowsInsteadOfTrapping() throws {
        assertThrows(.overflow("9223372036854775807s + 1s"), try time(.max) + time(1))
        assertThrows(.overflow("-9223372036854775808s - 1s"), try time(.min) - time(1))
        assertThrows(.overflow("0s - -9223372036854775808s"), try MediaTime.zero - time(.min))
        // Scaling to the common timescale overflows even though both fit.
        assertThrows(.overflow("9223372036854775807s + 0.5s"), try time(.max) + time(1, 2))
        assertThrows(.overflow("4611686018427387904s * 2"), try time(1 << 62).multiplied(by: 2))
        assertThrows(.overflow("-9223372036854775808s * -1"), try time(.min).multiplied(by: -1))
    }

    func testResultsAtTheLimitStillSucceed() throws {
        XCTAssertEqual(try time(.max - 1) + time(1), try time(.max))
        XCTAssertEqual(try time(.min + 1) - time(1), try time(.min))
        XCTAssertEqual(try time(.max) - time(.max), .zero)
    }

    func testMultipliedKeepsTimescale() throws {
        let product = try time(1001, 30_000).multiplied(by: 30)
        XCTAssertEqual(product.timescale, 30_000)
        XCTAssertEqual(product.value, 30_030)
        XCTAssertEqual(try time(5, 3).multiplied(by: -2), try time(-10, 3))
    }

    func testInvalidTimescaleIsRejected() {
        assertThrows(.invalidTimescale(0), try MediaTime(value: 1, timescale: 0))
        assertThrows(.invalidTimescale(-48_000), try MediaTime(value: 1, timescale: -48_000))
    }

    func testSampleIndexInitializerIsExact() throws {
        let t = MediaTime(sampleIndex: 600_000, sampleRate: 48_000)
        XCTAssertEqual(t.value, 600_000)
        XCTAssertEqual(t.timescale, 48_000)
        XCTAssertEqual(t, try time(25, 2))
        XCTAssertEqual(t.seconds, 12.5)
    }

    func testMinAndMaxFollowExactOrder() throws {
        XCTAssertEqual(min(try time(1, 3), try time(333_333_333, 1_000_000_000)), try time(333_333_333, 1_000_000_000))
        XCTAssertEqual(max(try time(1, 3), try time(333_333_333, 1_000_000_000)), try time(1, 3))
    }
}
