/// Thrown inside the encoder when an instance encodes a key its class definition does not list
/// (in the listed position or later); the object is then rolled back and re-encoded under a
/// widened definition (spec §10.3).
struct DefinitionMismatch: Error {
    let frame: Int
    let key: String
}
