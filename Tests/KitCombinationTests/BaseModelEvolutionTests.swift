import ArchiveTestSupport
import AutoCodingKit
import BaseModelKit
import CryptoCodingKit
import FastCodingKit
import Foundation
import HRCoderKit
import Testing

@Suite("Models that evolve, in each of BaseModel's eleven formats and storages", .serialized)
struct BaseModelEvolutionTests {
    @Test("version 1's saved data loads into version 2 and round-trips", arguments: ModelStore.allCases)
    func versionOneLoadsIntoVersionTwo(_ store: ModelStore) throws {
        Versions.register()
        let folder = try TemporaryDirectory()
        VersionedStore.shared.use(store, in: folder.url)
        DocumentV1.setSharedInstance(nil)
        DocumentV2.setSharedInstance(nil)
        try DocumentV1.shared.save()

        let document = try DocumentV2.loadShared()
        #expect(document.name == "Groceries")
        #expect(document.caption == "weekly")
        #expect(document.fontSize == 12)
        #expect(document.subtitle == nil)
        #expect(document.layout == LayoutV2())
        #expect(document.entries.map(\.title) == ["milk", "eggs"])
        #expect(document.entries.map(\.priority) == [3, 3])
        #expect(document.byTag["dairy"]?.title == "butter" && document.byTag["dairy"]?.priority == 3)
        #expect(document.owner.name == "Ada" && document.owner.email == "nobody@example.com")

        document.fontSize = 20
        document.entries[0].priority = 1
        try document.save()
        let again = try DocumentV2.reloadSharedInstance()
        #expect(again.fontSize == 20 && again.entries.map(\.priority) == [1, 3] && again.caption == "weekly")
    }

    @Test("the evolution contract holds inside an encrypted archive", arguments: EvolutionContract.all)
    func encryptedContract(_ rule: EvolutionContract) throws {
        #expect(try rule.run(ModelStore.cryptoCoding.format) == [])
    }
}
