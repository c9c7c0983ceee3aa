import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

/// Keyed archives in `format`, for the shared cycle scenarios and contract checks.
private struct KeyedCycleCoder: CycleContractCoder {
    let format: KeyedArchiveOutputFormat
    let deepChainLength = 2_000

    func encode<T: Encodable>(_ value: T, registry: ClassNameRegistry, maximumDepth: Int) throws -> Data {
        try KeyedArchiveEncoder(registry: registry, outputFormat: format, maximumDepth: maximumDepth).encode(value)
    }

    func decode<T: Decodable>(
        _ type: T.Type, from data: Data, registry: ClassNameRegistry, maximumDepth: Int
    ) throws -> T {
        try KeyedArchiveDecoder(registry: registry, maximumDepth: maximumDepth).decode(T.self, from: data)
    }
}

@Suite("Cyclic object graphs decode into class models (@Reference, TwoPhaseDecodable, awake hook)")
struct CycleTests {
    @Test(
        "round trips keep back-pointers, binary and XML", arguments: CycleScenario.all,
        KeyedArchiveOutputFormat.allCases)
    func roundTrips(_ scenario: CycleScenario, _ format: KeyedArchiveOutputFormat) throws {
        #expect(try scenario.run(KeyedCycleCoder(format: format)) == [])
    }

    @Test(
        "the cycle contract holds: depth, memory and errors, binary and XML",
        arguments: CycleContract.all, KeyedArchiveOutputFormat.allCases)
    func contract(_ rule: CycleContract, _ format: KeyedArchiveOutputFormat) throws {
        #expect(try rule.run(KeyedCycleCoder(format: format)) == [])
    }

    @Test("hostile archives: any UID in a cyclic archive pointed at any entry still ends")
    func hostileUIDs() throws {
        let data = try KeyedArchiveEncoder().encode(CycleNode(name: "root", children: [CycleNode(name: "child")]))
        var bytes = [UInt8](data)
        var flipped = 0
        // A one-byte UID object is 0x80 then its value: point each at every entry in turn, and
        // past the end.
        for index in bytes.indices.dropLast(33) where bytes[index] == 0x80 {
            let saved = bytes[index + 1]
            for target in UInt8(0)..<40 {
                bytes[index + 1] = target
                _ = try? KeyedArchiveDecoder().decode(CycleNode.self, from: Data(bytes))
            }
            bytes[index + 1] = saved
            flipped += 1
        }
        #expect(flipped >= 3)
    }
}
