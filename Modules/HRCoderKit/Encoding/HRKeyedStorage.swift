import Foundation

/// The storage behind a keyed container (shared by the container and its encoder).
final class HRKeyedStorage {
    // Touched by one encode on one thread, each access finished before the next begins: no
    // run-time exclusivity checks (about 5 % of an encode).
    /// Entries in the order they were encoded; a key encoded twice keeps its last value.
    /// Made into a dictionary once, at its final size, when the value finishes.
    @exclusivity(unchecked) var entries: [(key: String, value: HRValue)]
    /// Nested containers and super encoders, written into `entries` when the value finishes.
    @exclusivity(unchecked) var pending: [(String, HREncoderImplementation)] = []

    init() {
        // Most models have a handful of properties: room for them saves growing from one.
        entries = []
        entries.reserveCapacity(8)
    }
}
