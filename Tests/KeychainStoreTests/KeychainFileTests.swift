import ArchiveTestSupport
import Foundation
import Testing

@testable import KeychainStore

@Suite("Store file structure")
struct KeychainFileTests {
    /// A real store file with a few items.
    static func sampleFile() throws -> (Data, StoreFolder) {
        let folder = try StoreFolder()
        let store = folder.store()
        for index in 0..<3 { try store.setString("value \(index)", forKey: "key \(index)") }
        return (try Data(contentsOf: store.fileURL), folder)
    }

    @Test("a written file parses and serializes back to the same bytes")
    func roundTrip() throws {
        let (data, _) = try Self.sampleFile()
        let file = try KeychainFile(parsing: data)
        #expect(file.itemCount == 3)
        #expect(file.protection == .keyFile)
        #expect(file.serialized() == data)
        #expect(data.starts(with: Array("KSTORE".utf8)))
        #expect(data[6] == 1)
    }

    @Test("every truncation of a file is reported as truncated (or not a store file when the magic is cut)")
    func everyTruncation() throws {
        let (data, _) = try Self.sampleFile()
        for length in 0..<data.count {
            let path = "cut-\(length)"
            let error = #expect(throws: KeychainStoreError.self) {
                try KeychainFile(parsing: data.prefix(length), path: path)
            }
            if length < 6 {
                #expect(error == .notAKeychainFile(path: path))
            } else {
                #expect(error == .truncated(path: path, offset: length), "length \(length)")
            }
        }
    }

    @Test("structural damage names the byte: version, protection kind, lengths, trailing bytes")
    func structuralErrors() throws {
        let (data, _) = try Self.sampleFile()
        var bytes = [UInt8](data)
        bytes[6] = 9
        #expect(throws: KeychainStoreError.unsupportedVersion(path: "f", version: 9)) {
            try KeychainFile(parsing: Data(bytes), path: "f")
        }
        bytes = [UInt8](data)
        bytes[7] = 7
        #expect(throws: KeychainStoreError.malformed(path: "f", offset: 7, reason: "unknown protection kind 7")) {
            try KeychainFile(parsing: Data(bytes), path: "f")
        }
        bytes = [UInt8](data)
        bytes[40..<44] = [0xFF, 0xFF, 0xFF, 0xFF]
        #expect(throws: KeychainStoreError.self) { try KeychainFile(parsing: Data(bytes), path: "f") }
        // The first item's sealed name length (after 44 header bytes, 64 tag bytes, a 12-byte nonce).
        bytes = [UInt8](data)
        bytes[120..<124] = [0x7F, 0xFF, 0xFF, 0xFF]
        #expect(
            throws: KeychainStoreError.malformed(
                path: "f", offset: 120, reason: "an item of 2147483647 bytes, more than \(KeychainFile.maximumItemSize)"
            )
        ) {
            try KeychainFile(parsing: Data(bytes), path: "f")
        }
        let trailing = KeychainStoreError.malformed(path: "f", offset: data.count, reason: "1 bytes after the checksum")
        #expect(throws: trailing) {
            try KeychainFile(parsing: data + Data([0]), path: "f")
        }
        #expect(throws: KeychainStoreError.notAKeychainFile(path: "f")) {
            try KeychainFile(parsing: Data("bplist00 not a store".utf8), path: "f")
        }
    }

    @Test("random corruption of a store file never crashes and never reads as a missing item")
    func randomCorruption() throws {
        let (data, folder) = try Self.sampleFile()
        let store = folder.store()
        var random = SplitMix64(seed: 22)
        for _ in 0..<300 {
            var bytes = [UInt8](data)
            for _ in 0...(random.next() % 4) {
                bytes[Int(random.next() % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            }
            try AtomicFile.write(Data(bytes), to: store.fileURL, permissions: 0o600)
            #expect(throws: KeychainStoreError.self) { try store.data(forKey: "key 1") }
            #expect(throws: KeychainStoreError.self) { try store.data(forKey: "absent") }
        }
    }
}
