import Foundation

// The libFuzzer entry points shared by every fuzz target. Each target file, compiled together
// with this one into its own fuzzer binary, defines:
//   func fuzz(_ data: Data)                 — feed one input to the decoder; must never crash
//   func seedInputs() throws -> [String: Data] — valid inputs made by the matching encoder

/// libFuzzer calls this once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzz(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

/// libFuzzer calls this once at start-up. When `FUZZ_SEED_DIR` is set, the target writes its
/// encoder-made seed inputs there first, so the corpus always matches the current encoder.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    guard let folder = ProcessInfo.processInfo.environment["FUZZ_SEED_DIR"] else { return 0 }
    do {
        for (name, data) in try seedInputs() {
            try data.write(to: URL(fileURLWithPath: folder).appendingPathComponent("seed-\(name)"))
        }
    } catch {
        FileHandle.standardError.write(Data("could not write seed inputs: \(error)\n".utf8))
        return 1
    }
    return 0
}
