extension ChunkType {
    /// When a chunk takes an entry in the object cache, which aliases count (spec §4.2).
    enum ObjectSlot {
        /// Never: plain values, strings and URLs (the string cache), aliases, class definitions.
        case none
        /// Before its contents, so the contents can alias it: mutable containers and objects.
        case beforeContents
        /// After its contents (or at once, for a leaf): immutable containers, data, dates,
        /// mutable strings, `NSValue` structs, NSCoded objects and keyed archives.
        case afterContents
    }

    /// The one rule for this chunk's object slot, shared by every reader and writer.
    var objectSlot: ObjectSlot {
        switch self {
        case .mutableArray, .mutableSet, .mutableOrderedSet, .mutableDictionary, .mutableIndexSet,
            .object8, .object16, .object32:
            .beforeContents
        case .array, .set, .orderedSet, .dictionary, .indexSet, .mutableString, .data, .mutableData,
            .date, .legacyDate, .point, .size, .rect, .range, .vector, .affineTransform, .transform3D,
            .codedObject, .keyedArchive:
            .afterContents
        case .nil, .null, .objectAlias8, .objectAlias16, .objectAlias32, .stringAlias8, .stringAlias16,
            .stringAlias32, .string, .true, .false, .int8, .int16, .int32, .int64, .float32, .float64,
            .decimalNumber, .classDefinition, .url, .one, .zero:
            .none
        }
    }
}
