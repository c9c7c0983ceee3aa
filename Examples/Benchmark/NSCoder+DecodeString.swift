import Foundation

extension NSCoder {
    /// Decodes an `NSString` under `key` as a Swift string, or `nil` when absent or of another class.
    func decodeString(forKey key: String) -> String? {
        decodeObject(of: NSString.self, forKey: key).map { String(describing: $0) }
    }
}
