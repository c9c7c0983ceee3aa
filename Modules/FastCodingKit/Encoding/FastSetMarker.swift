/// Marks `Set` so the encoder writes it as a Set chunk instead of an array.
protocol FastSetMarker {}
extension Set: FastSetMarker {}
