import ArchiveTestSupport
import Foundation
import KeychainStore
import Testing

/// The `keychain-file` inputs in `Tests/Fuzz/Reproducers/`: hand-made hostile files (a million
/// items announced, a 2 GiB item, an scrypt cost of 2^63) and any crash the fuzzer finds. Each
/// parses to an error or to a file that serializes back to the same bytes, and opens as a
/// store with an error: never a crash, a huge allocation or a runaway key derivation.
@Suite("Fuzz reproducers: keychain files")
struct FuzzReproducerTests {
    @Test(
        "each reproducer parses cleanly or fails with a KeychainStoreError",
        arguments: FuzzReproducers.files(forTarget: "keychain-file"))
    func reproducer(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        do {
            let parsed = try KeychainFile(parsing: data)
            #expect(parsed.serialized() == data)
        } catch {
            #expect(error is KeychainStoreError)
        }
        let folder = try StoreFolder()
        let store = folder.store()
        try store.setString("v", forKey: "k")
        try AtomicFile.write(data, to: store.fileURL, permissions: 0o600)
        #expect(throws: KeychainStoreError.self) { try store.allKeys() }
    }
}
