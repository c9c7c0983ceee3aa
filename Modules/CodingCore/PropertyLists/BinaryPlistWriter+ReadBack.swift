extension BinaryPlistWriter {
    /// The items of the array written as object `reference`, read back from the output; `nil`
    /// when that object is not an array (or memory ran out).
    ///
    /// For the rare writers that add to a container already written: the common paths keep no
    /// record of what they wrote.
    package func writtenItems(ofArray reference: Int) -> [Int]? {
        readBack(reference) { scanner, object throws(PlistFault) in
            guard case .array(let start, let count) = object else { return nil }
            return try scanner.references(from: start, count: count)
        }
    }

    /// The keys and values of the dictionary written as object `reference`, read back from the
    /// output; `nil` when that object is not a dictionary (or memory ran out).
    package func writtenEntries(ofDictionary reference: Int) -> (keys: [Int], values: [Int])? {
        readBack(reference) { scanner, object throws(PlistFault) in
            guard case .dictionary(let start, let count) = object else { return nil }
            let all = try scanner.references(from: start, count: 2 * count)
            return (Array(all[..<count]), Array(all[count...]))
        }
    }

    /// Object `reference` as the scanner reads it from the bytes written so far.
    private func readBack<Result>(
        _ reference: Int, _ body: (BinaryPlistScanner, BinaryPlistObject) throws(PlistFault) -> Result?
    ) -> Result? {
        guard let start = writtenBytes, offsets.indices.contains(reference) else { return nil }
        let trailer = BinaryPlistTrailer(
            objectAreaEnd: byteCount, referenceSize: referenceSize, objectCount: offsets.count)
        let scanner = BinaryPlistScanner(
            bytes: UnsafeRawBufferPointer(start: start, count: byteCount), trailer: trailer)
        do {
            return try body(scanner, try scanner.object(at: offsets[reference]).object)
        } catch {
            return nil
        }
    }
}
