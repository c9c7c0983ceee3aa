/// Thrown when the first instance of a definition learned in an earlier call did not write
/// exactly its keys (frame `frame`); the encoder rolls back and learns the type again.
struct UnverifiedDefinition: Error {
    let frame: Int
}
