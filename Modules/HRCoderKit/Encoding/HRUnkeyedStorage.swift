import Foundation

/// The storage behind an unkeyed container.
final class HRUnkeyedStorage {
    var items: [HRValue] = []
    var pending: [(Int, HREncoderImplementation)] = []
}
