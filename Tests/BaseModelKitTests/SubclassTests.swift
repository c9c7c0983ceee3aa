import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

@Suite("A model subclassing another model")
struct SubclassTests {
    @Test("the subclass's init runs after the superclass's, and its keys are mapped")
    func mapping() throws {
        let dog = try #require(try Dog.instance(with: ["breed": "collie", "legs": "3"]))
        #expect(dog.name == "dog")
        #expect(dog.breed == "collie")
        #expect(dog.legs == 3)
    }

    @Test(
        "encode(to:) and init(from:) overrides save and load both classes' properties",
        arguments: [
            "plist-binary", "plist-xml", "json", "reversed-json",
        ])
    func roundTrip(_ identifier: String) throws {
        let formats: [any ArchiveFormat] = [.propertyList(.binary), .propertyList(.xml), .json, .reversedJSON]
        let format = try #require(formats.first { $0.identifier == identifier })
        let folder = try TemporaryDirectory()
        let dog = Dog()
        dog.breed = "terrier"
        dog.legs = 3
        let url = folder.file("dog")
        try dog.write(to: url, format: format)
        let loaded = try format.read(Dog.self, from: url)
        #expect((loaded.name, loaded.legs, loaded.breed) == ("dog", 3, "terrier"))
    }

    @Test("the default save file is named after the subclass")
    func saveFileName() {
        #expect(Dog.saveFile == "Dog.plist")
        #expect(Animal.saveFile == "Animal.plist")
    }
}
