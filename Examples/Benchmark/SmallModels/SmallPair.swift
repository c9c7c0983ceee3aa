/// The smallest model a program saves: two fields (issue 26's `pair` workload).
struct SmallPair: Codable, Equatable, Sendable {
    var name: String
    var count: Int
}
