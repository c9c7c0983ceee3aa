import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

@Suite("Resource defaults: the model's bundled file, applied after init and before any data")
struct ResourceDefaultsTests {
    @Test("a <TypeName>.plist in the model's folder sets every new instance's defaults, once read")
    func plistDefaults() throws {
        final class Profile: TestModel {
            var name = "set up"
            var level = 1
            var theme = "light"
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Profile.self)
        let resource = folder.file("Profile.plist")
        try PropertyListSerialization.data(fromPropertyList: ["level": 5, "theme": "dark"], format: .xml, options: 0)
            .write(to: resource)

        let first = try Profile.instance()
        #expect((first.name, first.level, first.theme) == ("set up", 5, "dark"))
        // Then data on top: init → resource → data.
        let second = try #require(try Profile.instance(with: ["theme": "blue"]))
        #expect((second.name, second.level, second.theme) == ("set up", 5, "blue"))
        // Loaded once and kept: changing the file does not change later instances.
        try FileManager.default.removeItem(at: resource)
        #expect(try Profile.instance().level == 5)
    }

    @Test("<TypeName>.json is used when there is no .plist, from a bundle the model supplies")
    func jsonFromBundle() throws {
        final class Palette: BaseModel {
            static var resourceBundle: Bundle? { Bundle(url: TestFolders.folder(for: Self.self)) }
            var colours: [String] = []
            var created: Date?
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Palette.self)
        try Data(#"{"colours": ["red", "green"], "created": "2026-01-02T03:04:05Z"}"#.utf8)
            .write(to: folder.file("Palette.json"))
        let palette = try Palette.instance()
        #expect(palette.colours == ["red", "green"])
        #expect(palette.created == ISO8601DateFormatter().date(from: "2026-01-02T03:04:05Z"))
    }

    @Test("an array resource reaches setWithArray, as the examples' bundled TodoList.plist of labels")
    func arrayResource() throws {
        final class Chores: TestModel, ArraySettable {
            var items: [TodoItem] = []
            init() {}
            func setWithArray(_ array: [Any]) throws { items = TodoItem.instances(with: array) }
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Chores.self)
        let labels = ["Do washing", "Mow lawn", "Write an open source library", "Feed the cat"]
        try PropertyListSerialization.data(fromPropertyList: labels, format: .xml, options: 0)
            .write(to: folder.file("Chores.plist"))
        #expect(try Chores.instance().items.map(\.label) == labels)
        #expect(try Chores.instance(with: ["items": []])?.items.isEmpty == true)
    }

    @Test("a resource in another kit's format (here the test format) is decoded for each instance")
    func archiveResource() throws {
        final class Gadget: TestModel {
            static var readableFormats: [any ArchiveFormat] { [.reversedJSON] }
            static var resourceFile: String { "gadget-defaults.rev" }
            var name = ""
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Gadget.self)
        let template = Gadget()
        template.name = "from the archive"
        try ReversedJSONFormat().write(template, to: folder.file("gadget-defaults.rev"))
        let first = try Gadget.instance()
        let second = try Gadget.instance()
        #expect(first.name == "from the archive")
        #expect(first !== second)
    }

    @Test("a model nested in its own resource gets its set-up values only (no endless recursion)")
    func recursiveResource() throws {
        final class Node: TestModel {
            var label = "set up"
            var child: Node?
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Node.self)
        try Data(#"{"label": "root", "child": {"child": {}}}"#.utf8).write(to: folder.file("Node.json"))
        let node = try Node.instance()
        #expect(node.label == "root")
        #expect(node.child?.label == "set up")
        #expect(node.child?.child?.label == "set up")
    }

    @Test("a broken resource file is an error naming it")
    func brokenResource() throws {
        final class Broken: TestModel {
            var value = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Broken.self)
        try Data("{ not json".utf8).write(to: folder.file("Broken.json"))
        let error = try #require(throws: BaseModelError.self) { try Broken.instance() }
        #expect(error.description.contains("Broken.json"))
        #expect(error.description.contains("as json"))
    }
}
