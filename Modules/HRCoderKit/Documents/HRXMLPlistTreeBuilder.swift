import CodingCore
import Foundation

/// Builds an ``HRValue`` tree from an XML property list that CodingCore's ``XMLPlistReader``
/// reads, without recursion; nesting is limited to `maximumDepth` levels.
struct HRXMLPlistTreeBuilder {
    /// An open `<array>` and its items so far, or an open `<dict>` and where its entries begin
    /// on the builder's stack.
    private struct Frame {
        var isDictionary: Bool
        var firstEntry: Int
        var items: [HRValue] = []
    }

    private var reader: XMLPlistReader
    private let maximumDepth: Int
    private var frames: [Frame] = []
    /// The entries of the open dictionaries, innermost last (see `HRDictionaryBuilder`).
    private var entries: [(key: String, value: HRValue)] = []
    /// The keys whose values are being read, innermost last.
    private var keys: [String] = []
    /// Whether some `<dict>` has an `$alias` key.
    private var aliasKeyFound = false

    private init(reader: XMLPlistReader, maximumDepth: Int) {
        self.reader = reader
        self.maximumDepth = maximumDepth
    }

    /// Builds the tree of one complete XML property list document.
    /// `aliasKeyFound` is set when some `<dict>` has an `$alias` key.
    static func build(_ data: Data, maximumDepth: Int, aliasKeyFound: inout Bool) throws -> HRValue {
        try data.withUnsafeBytes { raw in
            do {
                var builder = HRXMLPlistTreeBuilder(
                    reader: try XMLPlistReader(raw.bindMemory(to: UInt8.self)), maximumDepth: maximumDepth)
                let value = try builder.build()
                aliasKeyFound = builder.aliasKeyFound
                return value
            } catch let fault as PlistFault {
                throw HRCoderError.invalidXML(offset: fault.offset, reason: fault.reason)
            }
        }
    }

    private mutating func build() throws -> HRValue {
        while let event = try reader.next() {
            let value: HRValue
            switch consume event {
            case .key(let key):
                keys.append(key)
                continue
            case .arrayStart, .dictionaryStart:
                let isDictionary = reader.isInDictionary
                guard reader.depth <= maximumDepth else {
                    throw HRCoderError.nestingTooDeep(limit: maximumDepth, offset: reader.start)
                }
                frames.append(Frame(isDictionary: isDictionary, firstEntry: entries.count))
                continue
            case .end:
                value = close(frames.removeLast())
            case .string(let text): value = .string(text)
            case .bool(let flag): value = .bool(flag)
            case .integer(let text): value = try integer(text)
            case .real(let number): value = .real(number)
            case .date(let seconds): value = .date(Date(timeIntervalSinceReferenceDate: seconds))
            case .data(let bytes): value = .data(bytes)
            }
            guard let isDictionary = frames.last?.isDictionary else {
                // The reader has checked that nothing follows the top value.
                return value
            }
            if isDictionary {
                entries.append((keys.removeLast(), value))
            } else {
                frames[frames.count - 1].items.append(value)
            }
        }
        throw HRCoderError.invalidXML(offset: reader.start, reason: "no value")
    }

    private mutating func close(_ frame: Frame) -> HRValue {
        guard frame.isDictionary else { return .array(frame.items) }
        return .dictionary(HRDictionaryBuilder.take(&entries, from: frame.firstEntry, aliasKeyFound: &aliasKeyFound))
    }

    private func integer(_ text: String) throws -> HRValue {
        if let value = XMLPlistScalars.integer(text) { return .integer(value) }
        if let value = HRWideInteger(text)
            ?? XMLPlistScalars.unsignedInteger(text).flatMap(HRWideInteger.init(exactly:))
        {
            return .wideInteger(value)
        }
        throw HRCoderError.invalidXML(
            offset: reader.start, reason: "'\(text.prefix(40))' is not an <integer> from Int128.min to UInt128.max")
    }
}
