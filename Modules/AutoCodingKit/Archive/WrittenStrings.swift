import CodingCore

/// The strings a keyed archive holds, each written once however often it is used, as
/// `NSKeyedArchiver` writes them: keys, class names and string values alike.
///
/// Strings are told apart by the bytes the property list stores, not by `String`'s canonical
/// equivalence: like `NSString`'s `isEqual:`, an accented letter written precomposed and the
/// same letter written with a combining accent stay two strings. ASCII strings (0x5) are found
/// by their bytes in the output, and other strings (0x6) by their big-endian UTF-16 there; the
/// two kinds have tables of their own, as one's bytes can spell the other's.
struct WrittenStrings {
    /// A string written: its property-list object and, once it is one, its `$objects` UID.
    private struct Written {
        let reference: Int
        /// 0 (the UID of `$null`, never a string's) until the string is an entry.
        var uid: UInt64 = 0
    }

    /// Sized for the keys, class names and values of a small archive; it grows as needed.
    private let asciiStrings = StringTable(capacity: 64)
    /// Made when the first string that is not ASCII is met.
    private var utf16Strings: StringTable?
    private var written: [Written] = []

    init() {
        written.reserveCapacity(64)
    }

    /// The number of `text`, which is written to `plist` the first time it is met.
    @inline(__always)
    mutating func number(of text: String, writingTo plist: inout BinaryPlistWriter) -> Int {
        if let number = text.utf8.withContiguousStorageIfAvailable({ number(of: text, utf8: $0, writingTo: &plist) }) {
            return number
        }
        var copy = text
        return copy.withUTF8 { number(of: text, utf8: $0, writingTo: &plist) }
    }

    /// The property-list reference of string `number`.
    @inline(__always)
    func reference(_ number: Int) -> Int { written[number].reference }

    /// The `$objects` UID of string `number`, or `nil` while it is not an entry.
    @inline(__always)
    func uid(_ number: Int) -> UInt64? {
        let uid = written[number].uid
        return uid == 0 ? nil : uid
    }

    /// Records that string `number` is the `$objects` entry `uid`.
    mutating func setUID(_ uid: UInt64, of number: Int) {
        written[number].uid = uid
    }

    @inline(__always)
    private mutating func number(
        of text: String, utf8: UnsafeBufferPointer<UInt8>, writingTo plist: inout BinaryPlistWriter
    ) -> Int {
        let isASCII = utf8.baseAddress.map { ByteWord.isASCII(UnsafeRawPointer($0), count: utf8.count) } ?? true
        guard isASCII else { return number(ofNonASCII: text, writingTo: &plist) }
        return number(ofStored: utf8, in: asciiStrings, writingTo: &plist) { $0.asciiString(utf8) }
    }

    private mutating func number(ofNonASCII text: String, writingTo plist: inout BinaryPlistWriter) -> Int {
        let units = BinaryPlistWriter.bigEndianUnits(of: text)
        let table = utf16Strings ?? StringTable(capacity: 16)
        utf16Strings = table
        return units.withUnsafeBufferPointer { units in
            number(ofStored: units, in: table, writingTo: &plist) { $0.utf16String(bigEndianUnits: units) }
        }
    }

    /// The number of the string whose stored bytes (after its marker) are `bytes`, looked up in
    /// `table`; `write` writes it when it is new.
    @inline(__always)
    private mutating func number(
        ofStored bytes: UnsafeBufferPointer<UInt8>, in table: StringTable, writingTo plist: inout BinaryPlistWriter,
        write: (inout BinaryPlistWriter) -> Int
    ) -> Int {
        // Out of memory, the output is dropped anyway: write without looking.
        guard let output = plist.writtenBytes else { return append(write(&plist)) }
        let hash = table.hash(bytes)
        switch table.lookup(bytes, hash: hash, storedAt: output) {
        case .found(let number):
            return number
        case .absent(let bucket):
            let number = append(write(&plist))
            table.insert(
                at: bucket, hash: hash, offset: plist.byteCount - bytes.count, length: bytes.count, slot: number)
            return number
        }
    }

    private mutating func append(_ reference: Int) -> Int {
        written.append(Written(reference: reference))
        return written.count - 1
    }
}
