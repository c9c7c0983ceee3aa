/// The direction a row measures.
enum Operation: String, Sendable, CaseIterable {
    case encode
    case decode
}
