/// The type byte that starts every FastCoding v3 chunk (format spec §3).
///
/// Codes are dense from 0; 49 (0x31) and above are invalid.
public enum ChunkType: UInt8, Sendable, CaseIterable {
    /// No object (an absent value).
    case `nil` = 0x00
    /// `NSNull`.
    case null = 0x01
    /// Alias to an object-cache entry (8-bit index).
    case objectAlias8 = 0x02
    /// Alias to an object-cache entry (16-bit index).
    case objectAlias16 = 0x03
    /// Alias to an object-cache entry (32-bit index).
    case objectAlias32 = 0x04
    /// Alias to a string-cache entry (8-bit index).
    case stringAlias8 = 0x05
    /// Alias to a string-cache entry (16-bit index).
    case stringAlias16 = 0x06
    /// Alias to a string-cache entry (32-bit index).
    case stringAlias32 = 0x07
    /// Immutable string (deduplicated by value).
    case string = 0x08
    /// Immutable dictionary: count, then value and key per entry.
    case dictionary = 0x09
    /// Immutable array.
    case array = 0x0A
    /// Immutable set.
    case set = 0x0B
    /// Immutable ordered set.
    case orderedSet = 0x0C
    /// Boolean YES.
    case `true` = 0x0D
    /// Boolean NO.
    case `false` = 0x0E
    /// 8-bit integer.
    case int8 = 0x0F
    /// 16-bit integer.
    case int16 = 0x10
    /// 32-bit integer.
    case int32 = 0x11
    /// 64-bit integer.
    case int64 = 0x12
    /// 32-bit float.
    case float32 = 0x13
    /// 64-bit float.
    case float64 = 0x14
    /// Immutable data.
    case data = 0x15
    /// Date as seconds since 1970 (written by 3.0–3.2).
    case legacyDate = 0x16
    /// Mutable string (tracked by identity).
    case mutableString = 0x17
    /// Mutable dictionary.
    case mutableDictionary = 0x18
    /// Mutable array.
    case mutableArray = 0x19
    /// Mutable set.
    case mutableSet = 0x1A
    /// Mutable ordered set.
    case mutableOrderedSet = 0x1B
    /// Mutable data.
    case mutableData = 0x1C
    /// Class name and property keys, followed by the object.
    case classDefinition = 0x1D
    /// Custom object (8-bit class index).
    case object8 = 0x1E
    /// Custom object (16-bit class index).
    case object16 = 0x1F
    /// Custom object (32-bit class index).
    case object32 = 0x20
    /// URL: relative string chunk, then base chunk.
    case url = 0x21
    /// `NSValue` point.
    case point = 0x22
    /// `NSValue` size.
    case size = 0x23
    /// `NSValue` rect.
    case rect = 0x24
    /// `NSValue` range.
    case range = 0x25
    /// `NSValue` vector.
    case vector = 0x26
    /// `NSValue` affine transform.
    case affineTransform = 0x27
    /// `NSValue` 3D transform.
    case transform3D = 0x28
    /// Mutable index set.
    case mutableIndexSet = 0x29
    /// Immutable index set.
    case indexSet = 0x2A
    /// An object written through NSCoding.
    case codedObject = 0x2B
    /// `NSDecimalNumber`.
    case decimalNumber = 0x2C
    /// Integer 1 (not a boolean).
    case one = 0x2D
    /// Integer 0 (not a boolean).
    case zero = 0x2E
    /// An embedded NSKeyedArchiver archive.
    case keyedArchive = 0x2F
    /// Date as seconds since 2001.
    case date = 0x30
}
