import CLibCrypto
import CryptoCodingKit
import Foundation

/// The `--bulk` mode: CryptoCodingKit's encryption of one large payload against a bare
/// `EVP_EncryptUpdate` loop (AES-256-GCM) over the same buffer, in the same process.
///
/// The kit runs with a cached key, so the figures are the envelope and AEAD alone. The bare loops
/// write into an output buffer allocated once, outside the timed region, as do the kit's `into:`
/// variants (reusing one `Data`); `encrypted`/`decrypted` return a new `Data` each call and so
/// also pay for fresh memory.
struct BulkThroughput {
    /// Bytes of payload: 64 MiB.
    static let payloadSize = 64 << 20

    var warmup: Int
    var iterations: Int
    var progress: (String) -> Void

    /// One measured line: an operation, its median time and throughput; `baseline` rows are
    /// the bare EVP loops the following kit rows are compared with.
    struct Row {
        var name: String
        var baseline: Bool
        var measurement: Measurement
        var gigabytesPerSecond: Double { Double(BulkThroughput.payloadSize) / measurement.medianMilliseconds / 1e6 }
    }

    func run() throws -> [Row] {
        var payload = Data(count: Self.payloadSize)
        payload.withUnsafeMutableBytes { bytes in
            _ = clibcrypto_random_bytes(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
        let password = "bulk benchmark password"
        let cache = EncryptionKeyCache()
        let sealed = try payload.encrypted(password: password, keyCache: cache)  // derives and caches the key once
        guard try sealed.decrypted(password: password, keyCache: cache) == payload else {
            throw BulkError(description: "bulk round trip changed the payload")
        }
        let bare = try BareGCM()
        var rows: [Row] = []
        func measure(_ name: String, baseline: Bool = false, _ body: () throws -> Int) rethrows {
            progress("measuring \(name)")
            let measurement = try Measurement.measure(warmup: warmup, iterations: iterations, body)
            rows.append(Row(name: name, baseline: baseline, measurement: measurement))
        }
        var output = Data()
        try payload.withUnsafeBytes { input in
            try measure("EVP_EncryptUpdate loop", baseline: true) { try bare.run(encrypt: true, input) }
        }
        try measure("Data.encrypt(password:into:)") {
            try payload.encrypt(password: password, keyCache: cache, into: &output)
            return output.count
        }
        try measure("Data.encrypted(password:)") { try payload.encrypted(password: password, keyCache: cache).count }
        try sealed.withUnsafeBytes { input in
            try measure("EVP_DecryptUpdate loop", baseline: true) { try bare.run(encrypt: false, input) }
        }
        try measure("Data.decrypt(password:into:)") {
            try sealed.decrypt(password: password, keyCache: cache, into: &output)
            return output.count
        }
        try measure("Data.decrypted(password:)") { try sealed.decrypted(password: password, keyCache: cache).count }
        return rows
    }

    /// The throughput table, with each kit row's speed as a share of the bare loop's above it.
    static func render(_ rows: [Row]) -> String {
        var table = TextTable(columns: [
            .init(title: "operation (64 MiB)", alignsRight: false),
            .init(title: "median ms", alignsRight: true),
            .init(title: "min ms", alignsRight: true),
            .init(title: "GB/s", alignsRight: true),
            .init(title: "vs bare loop", alignsRight: true),
        ])
        var baseline: Row?
        for row in rows {
            if row.baseline { baseline = row }
            table.rows.append([
                row.name, NumberFormatting.fixed(row.measurement.medianMilliseconds, 2),
                NumberFormatting.fixed(row.measurement.minimumMilliseconds, 2),
                NumberFormatting.fixed(row.gigabytesPerSecond, 2),
                row.baseline
                    ? "(baseline)"
                    : baseline.map { bare in
                        let share = 100 * bare.measurement.medianMilliseconds / row.measurement.medianMilliseconds
                        return NumberFormatting.fixed(share, 1) + " %"
                    } ?? "",
            ])
        }
        return table.render()
    }

    struct BulkError: Error, CustomStringConvertible {
        var description: String
    }
}

/// AES-256-GCM straight through EVP: init, one update per MiB over the whole buffer, final, tag.
private final class BareGCM {
    private let key = [UInt8](repeating: 7, count: 32)
    private let nonce = [UInt8](repeating: 9, count: 12)
    private let output = UnsafeMutablePointer<UInt8>.allocate(capacity: BulkThroughput.payloadSize + 16)
    private var tag = [UInt8](repeating: 0, count: 16)

    init() throws {
        output.initialize(repeating: 0, count: BulkThroughput.payloadSize + 16)
    }

    deinit { output.deallocate() }

    func run(encrypt: Bool, _ input: UnsafeRawBufferPointer) throws -> Int {
        guard let context = EVP_CIPHER_CTX_new(),
            let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else {
            throw BulkThroughput.BulkError(description: "EVP_CIPHER_CTX_new failed")
        }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_CipherInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce, encrypt ? 1 : 0) == 1 else {
            throw BulkThroughput.BulkError(description: "EVP_CipherInit_ex failed")
        }
        let piece = 1 << 20
        var offset = 0, written: Int32 = 0
        while offset < input.count {
            let count = min(piece, input.count - offset)
            guard EVP_CipherUpdate(context, output + offset, &written, base + offset, Int32(count)) == 1 else {
                throw BulkThroughput.BulkError(description: "EVP_CipherUpdate failed")
            }
            offset += count
        }
        if encrypt {
            guard EVP_CipherFinal_ex(context, output + offset, &written) == 1,
                clibcrypto_aead_get_tag(context, &tag, 16) == 1
            else { throw BulkThroughput.BulkError(description: "EVP_EncryptFinal_ex failed") }
        }
        // The decrypt loop stops before the tag check (its input is the sealed archive, header and
        // all): the GHASH work is done by the updates, so the loop is what is measured.
        return offset
    }
}
