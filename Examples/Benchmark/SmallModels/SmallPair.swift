/// The smallest model a program saves: two fields (the `pair` workload).
struct SmallPair: Codable, Equatable, Sendable {
    var name: String
    var count: Int
}
