import Foundation

/// The storage behind a keyed container (shared by the container and its encoder).
final class HRKeyedStorage {
    var entries: [String: HRValue] = [:]
    /// Nested containers and super encoders, written into `entries` when the value finishes.
    var pending: [(String, HREncoderImplementation)] = []
}
