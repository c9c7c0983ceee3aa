import Foundation

/// A private note.
struct Note: Codable {
    var text: String
    var created: Date
}
