import Foundation

/// The storage behind an unkeyed container.
final class HRUnkeyedStorage {
    // Touched by one encode on one thread: no run-time exclusivity checks (see `HRKeyedStorage`).
    @exclusivity(unchecked) var items: [HRValue] = []
    /// Nested containers and super encoders by the index of their item (a placeholder until
    /// the value finishes).
    @exclusivity(unchecked) var pending: [(Int, HREncoderImplementation)] = []
}
