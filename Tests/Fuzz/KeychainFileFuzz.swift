// fuzz-target: keychain-file
// fuzz-modules: KeychainStore
// fuzz-sources:
// fuzz-seeds: Tests/Fuzz/Seeds/keychain-file/*
// fuzz-link: crypto
import Foundation
import KeychainStore

// Fuzz target `keychain-file`: KeychainStore's store-file parser, then a whole store opening the
// bytes as its file (key check, file checksum, item authentication) with a fixed key file.
// A file that parses must serialize back to exactly the bytes read.

private let folder: URL = {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("keychain-file-fuzz-\(getpid())", isDirectory: true)
    try? FileManager.default.createDirectory(
        at: url, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    return url
}()

private let store: KeychainStore = {
    let store = KeychainStore(service: "fuzz", directory: folder)
    // Makes the key file; the store file is then overwritten by each input.
    try? store.setString("seed value", forKey: "seed key")
    return store
}()

func fuzz(_ data: Data) {
    if let file = try? KeychainFile(parsing: data) {
        guard file.serialized() == data else { fatalError("a parsed store file serialized to other bytes") }
    }
    // A plain write (no fsync): durability does not matter here, and fsync would dominate.
    let descriptor = open(store.fileURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { fatalError("could not write the fuzz input: errno \(errno)") }
    _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    _ = try? store.allKeys()
    _ = try? store.data(forKey: "seed key")
}

func seedInputs() throws -> [String: Data] {
    let seeds = FileManager.default.temporaryDirectory
        .appendingPathComponent("keychain-file-seeds-\(getpid())", isDirectory: true)
    try FileManager.default.createDirectory(
        at: seeds, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(at: seeds) }
    let plain = KeychainStore(service: "fuzz", directory: seeds)
    try plain.setString("v", forKey: "k")
    let one = try Data(contentsOf: plain.fileURL)
    for index in 0..<5 { try plain.setString("value \(index)", forKey: "key \(index)") }
    let several = try Data(contentsOf: plain.fileURL)
    try plain.removeAll()
    let empty = try Data(contentsOf: plain.fileURL)
    let locked = KeychainStore(
        service: "locked", directory: seeds,
        unlock: .passphrase("p", parameters: try ScryptParameters(log2N: 10, r: 1, p: 1)))
    try locked.setString("v", forKey: "k")
    return [
        "one.keychain": one, "several.keychain": several, "empty.keychain": empty,
        "passphrase.keychain": try Data(contentsOf: locked.fileURL),
    ]
}
