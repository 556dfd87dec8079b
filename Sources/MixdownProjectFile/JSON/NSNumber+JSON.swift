import Foundation

extension NSNumber {
    /// The nearest `Double` to the number as written.
    ///
    /// `JSONSerialization` keeps long literals (`0.30000000000000004`,
    /// `15.848931924611133`) as `NSDecimalNumber`, whose `doubleValue` can be
    /// off by a few units in the last place; its exact digits, parsed by
    /// Swift, round correctly.
    var exactDouble: Double {
        if self is NSDecimalNumber, let parsed = Double(description) { return parsed }
        return doubleValue
    }
}
