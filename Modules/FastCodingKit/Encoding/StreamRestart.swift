/// Thrown inside the encoder when the value whose frame is `frame` must be written again through
/// a ``BufferedEncoder``: its `encode(to:)` used its containers in a way the stream cannot follow
/// (a key its class definition does not list where it came, a key written twice, containers
/// nested in nested ones, a super encoder, …). The value is rolled back and encoded again.
///
/// Where nothing can be thrown (a container is asked for), the request waits in
/// ``FastEncodingContext/pendingRestart`` until the value's `encode(to:)` returns.
struct StreamRestart: Error {
    let frame: Int
}
