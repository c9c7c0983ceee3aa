import Foundation

extension Date {
    /// The date `seconds` after the reference date (1 January 2001, UTC), or `nil` when
    /// `seconds` is NaN.
    ///
    /// Every kit makes the dates it reads from an archive through this initializer and throws its
    /// own error, naming where, for `nil`: a NaN is no point in time, and Foundation traps when
    /// such a date is printed. Infinite and huge values are kept; they print as
    /// "<description unavailable>" but compare, hash and round-trip.
    package init?(archivedSecondsSinceReferenceDate seconds: Double) {
        guard !seconds.isNaN else { return nil }
        self.init(timeIntervalSinceReferenceDate: seconds)
    }
}
