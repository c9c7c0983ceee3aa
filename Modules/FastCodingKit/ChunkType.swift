/// The type byte that starts every FastCoding v3 chunk (format spec §3).
///
/// Codes are dense from 0; 49 (0x31) and above are invalid.
public enum ChunkType: UInt8, Sendable, CaseIterable {
    case `nil` = 0x00
    case null = 0x01
    case objectAlias8 = 0x02
    case objectAlias16 = 0x03
    case objectAlias32 = 0x04
    case stringAlias8 = 0x05
    case stringAlias16 = 0x06
    case stringAlias32 = 0x07
    case string = 0x08
    case dictionary = 0x09
    case array = 0x0A
    case set = 0x0B
    case orderedSet = 0x0C
    case `true` = 0x0D
    case `false` = 0x0E
    case int8 = 0x0F
    case int16 = 0x10
    case int32 = 0x11
    case int64 = 0x12
    case float32 = 0x13
    case float64 = 0x14
    case data = 0x15
    case legacyDate = 0x16
    case mutableString = 0x17
    case mutableDictionary = 0x18
    case mutableArray = 0x19
    case mutableSet = 0x1A
    case mutableOrderedSet = 0x1B
    case mutableData = 0x1C
    case classDefinition = 0x1D
    case object8 = 0x1E
    case object16 = 0x1F
    case object32 = 0x20
    case url = 0x21
    case point = 0x22
    case size = 0x23
    case rect = 0x24
    case range = 0x25
    case vector = 0x26
    case affineTransform = 0x27
    case transform3D = 0x28
    case mutableIndexSet = 0x29
    case indexSet = 0x2A
    case codedObject = 0x2B
    case decimalNumber = 0x2C
    case one = 0x2D
    case zero = 0x2E
    case keyedArchive = 0x2F
    case date = 0x30
}
