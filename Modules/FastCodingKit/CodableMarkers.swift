/// Marks `Dictionary` so the encoder writes it as a Dictionary chunk instead of a custom object.
protocol FastDictionaryMarker {}
extension Dictionary: FastDictionaryMarker {}

/// Marks `Set` so the encoder writes it as a Set chunk instead of an array.
protocol FastSetMarker {}
extension Set: FastSetMarker {}
