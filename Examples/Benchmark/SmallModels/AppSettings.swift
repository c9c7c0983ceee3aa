import Foundation

/// A settings model of six fields (the `settings` workload).
struct AppSettings: Codable, Equatable, Sendable {
    var userName: String
    var theme: String
    var fontSize: Double
    var showsCompletedItems: Bool
    var launchCount: Int
    var lastOpened: Date
}
