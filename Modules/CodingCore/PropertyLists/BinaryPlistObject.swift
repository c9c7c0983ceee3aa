/// One object of a binary property list, as its marker byte and payload describe it.
///
/// ``BinaryPlistScanner`` makes these: every range and reference run lies inside the object
/// area, every number is read, and dates are never NaN. Text is left as bytes, so each reader
/// decides which strings it accepts and when it makes a `String`.
@usableFromInline package enum BinaryPlistObject {
    /// The `null` marker (0x00).
    case null
    case bool(Bool)
    /// An integer and the bytes it was stored in: 1, 2 and 4-byte integers are unsigned,
    /// 8-byte ones signed; a 16-byte one whose value fits `Int64` has width 16.
    case integer(Int64, width: Int)
    /// A 16-byte integer outside `Int64`: two's complement, high word first.
    case wideInteger(high: UInt64, low: UInt64)
    /// A real and its size in bytes (4 or 8).
    case real(Double, width: Int)
    /// A date, in seconds since 2001-01-01 00:00:00 UTC (never NaN).
    case date(Double)
    /// The bytes of a data object.
    case data(Range<Int>)
    /// The bytes of an ASCII string (marker 0x5); not checked to be ASCII.
    case asciiString(Range<Int>)
    /// The big-endian code units of a UTF-16 string (marker 0x6); not checked.
    case utf16String(Range<Int>)
    /// The bytes of a UTF-8 string (marker 0x7); not checked.
    case utf8String(Range<Int>)
    /// A keyed archive's reference into `$objects`.
    case uid(UInt64)
    /// `count` object references from byte `references`.
    case array(references: Int, count: Int)
    /// `count` object references from byte `references`.
    case set(references: Int, count: Int)
    /// `count` key references from byte `references`, then `count` value references.
    case dictionary(references: Int, count: Int)
}
