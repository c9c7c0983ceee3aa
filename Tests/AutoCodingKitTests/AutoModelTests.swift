import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

/// Models for the AutoModel tests.
struct Book: AutoModel {
    var title: String
    var pages: Int
    var rating: Double?
    var tags: [String]
    var author: Writer
    var published: Date
    var link: URL
    var id: UUID
    var price: Decimal
    /// Not coded: left out of equality, hashing, copies, descriptions and the dictionary view.
    var cachedSummary = ""

    private enum CodingKeys: String, CodingKey { case title, pages, rating, tags, author, published, link, id, price }
}

struct Writer: AutoModel {
    var name: String
    var born: Int
}

class Shape: AutoModel {
    var name: String
    var children: [Shape] = []
    @Reference var parent: Shape?

    init(name: String) { self.name = name }

    private enum CodingKeys: String, CodingKey { case name, children, parent }
}

/// A subclass takes part by overriding `encode(to:)` and `init(from:)`.
final class Circle: Shape {
    var radius: Double

    init(name: String, radius: Double) {
        self.radius = radius
        super.init(name: name)
    }

    private enum CodingKeys: String, CodingKey { case radius }

    required init(from decoder: any Decoder) throws {
        radius = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .radius)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(radius, forKey: .radius)
        try super.encode(to: encoder)
    }
}

/// Stands in for BaseModelKit's `BaseModel` members (names.md): a type adopting both compiles
/// and each member keeps its meaning.
protocol BaseModelNames {
    var dictionaryRepresentation: [String: Any] { get }
    var debugDescription: String { get }
}

extension BaseModelNames {
    var dictionaryRepresentation: [String: Any] { ["base": true] }
    var debugDescription: String { "<base model>" }
}

struct Both: AutoModel, BaseModelNames, CustomDebugStringConvertible {
    var value = 1
}

@Suite("AutoModel: behaviour from the coded properties")
struct AutoModelTests {
    static let book = Book(
        title: "Dune", pages: 412, rating: nil, tags: ["sf"], author: Writer(name: "Frank", born: 1920),
        published: Date(timeIntervalSinceReferenceDate: -1_000_000), link: URL(string: "https://example.com/dune")!,
        id: UUID(uuidString: "71DC068E-3420-45FF-919E-3A267D55EC22")!, price: Decimal(string: "9.99")!)

    @Test("the dictionary view holds typed values, nested models as dictionaries, nil omitted")
    func propertyValues() throws {
        let values = Self.book.propertyValues
        #expect(Set(values.keys) == ["title", "pages", "tags", "author", "published", "link", "id", "price"])
        #expect(values["title"] as? String == "Dune")
        #expect(values["pages"] as? Int == 412)
        #expect(values["tags"] as? [Any] != nil)
        let author = try #require(values["author"] as? [String: Any])
        #expect(author["name"] as? String == "Frank")
        #expect(author["born"] as? Int == 1920)
        #expect(values["published"] as? Date == Self.book.published)
        #expect((values["link"] as? URL)?.absoluteString == "https://example.com/dune")
        #expect(values["id"] as? UUID == Self.book.id)
        #expect(values["price"] as? Decimal == Decimal(string: "9.99"))
    }

    @Test("init(propertyValues:) reads the dictionary view back, nested models as dictionaries or models")
    func initFromPropertyValues() throws {
        #expect(try Book(propertyValues: Self.book.propertyValues) == Self.book)
        var values = Self.book.propertyValues
        values["author"] = Writer(name: "Ann", born: 1950)
        values["rating"] = 4.5
        let book = try Book(propertyValues: values)
        #expect(book.author.name == "Ann")
        #expect(book.rating == 4.5)
        values["pages"] = "many"
        let error = try #require(throws: DecodingError.self) { try Book(propertyValues: values) }
        #expect("\(error)".contains("pages"))
        values.removeValue(forKey: "pages")
        #expect(throws: DecodingError.self) { try Book(propertyValues: values) }
    }

    @Test("nil inside arrays and dictionaries is NSNull in the view, so positions and keys survive the way back")
    func nilInsideCollections() throws {
        struct Gaps: AutoModel {
            var list: [Int?] = [1, nil, 3]
            var map: [String: String?] = ["none": nil, "some": "x"]
            var grid: [[String?]] = [[nil, "q"]]
            var missing: Int? = nil
        }
        let values = Gaps().propertyValues
        #expect(Set(values.keys) == ["list", "map", "grid"])
        let list = try #require(values["list"] as? [Any])
        #expect(list.count == 3)
        #expect(list[1] is NSNull)
        #expect((values["map"] as? [String: Any])?["none"] is NSNull)
        #expect(try Gaps(propertyValues: values) == Gaps())
    }

    @Test("== and hash(into:) follow the coded properties and agree with each other")
    func equalityAndHashing() throws {
        var other = Self.book
        other.cachedSummary = "not coded"
        #expect(other == Self.book)
        #expect(other.hashValue == Self.book.hashValue)
        other.pages = 413
        #expect(other != Self.book)
        #expect(Set([Self.book, other, Self.book]).count == 2)
        let first = Shape(name: "a")
        let second = Shape(name: "a")
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        second.children = [Shape(name: "b")]
        #expect(first != second)
    }

    @Test("deepCopy makes an independent graph that keeps shared references and cycles")
    func deepCopy() throws {
        let root = Shape(name: "root")
        let child = Circle(name: "child", radius: 2)
        child.parent = root
        root.children = [child, child]
        let copy = try root.deepCopy()
        #expect(copy !== root)
        #expect(copy.children[0] !== child)
        #expect(copy.children[0] === copy.children[1])
        #expect(copy.children[0].parent === copy)
        #expect((copy.children[0] as? Circle)?.radius == 2)
        #expect(copy == root)
        copy.children[0].name = "changed"
        #expect(child.name == "child")
        #expect(copy != root)
        let bookCopy = try Self.book.deepCopy()
        #expect(bookCopy == Self.book)
    }

    @Test("description is readable, nested models inline, cycles marked")
    func description() throws {
        #expect(Writer(name: "Frank", born: 1920).description == #"Writer(name: "Frank", born: 1920)"#)
        let root = Shape(name: "root")
        let child = Shape(name: "leaf")
        child.parent = root
        root.children = [child]
        #expect(root.description == #"Shape(name: "root", children: [Shape(name: "leaf", children: [], parent: @1)])"#)
        #expect(!Self.book.description.contains("cachedSummary"))
        #expect(Self.book.description.contains("71DC068E-3420-45FF-919E-3A267D55EC22"))
        #expect(Self.book.description.contains("price: 9.99"))
        struct Reading: AutoModel {
            enum Unit: Codable, Hashable {
                case celsius
                case scaled(factor: Int)
            }
            var ratio: Float = 1.1
            var exact = 0.1
            var unit = Unit.scaled(factor: 3)
        }
        #expect(
            Reading().description
                == #"AutoModelTests.Reading(ratio: 1.1, exact: 0.1, unit: AutoModelTests.Reading.Unit(scaled: ["factor": 3]))"#
        )
    }

    @Test("propertyKeys lists the coded properties; subclasses add theirs")
    func propertyKeys() {
        #expect(
            Book.propertyKeys == ["title", "pages", "rating", "tags", "author", "published", "link", "id", "price"])
        #expect(Shape.propertyKeys == ["name", "children", "parent"])
        #expect(Circle.propertyKeys == ["radius", "name", "children", "parent"])
    }

    @Test("subclass properties take part in every member")
    func subclasses() throws {
        let small = Circle(name: "c", radius: 1)
        let large = Circle(name: "c", radius: 5)
        #expect(small != large)
        #expect(small.propertyValues["radius"] as? Double == 1)
        #expect(small.description.hasPrefix("Circle("))
        let copy = try small.deepCopy()
        #expect(type(of: copy) == Circle.self)
    }

    @Test("models save to and load from keyed-archive files")
    func files() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("book.plist")
        try Self.book.writeKeyedArchive(to: url)
        #expect(try Book(keyedArchiveAt: url) == Self.book)
        #expect(KeyedArchiveFormat.keyedArchive.recognizes(try Data(contentsOf: url)))
        #expect(throws: (any Error).self) { try Book(keyedArchiveAt: folder.file("missing.plist")) }
    }

    @Test("a type can adopt AutoModel and BaseModel's names at once")
    func coexistsWithBaseModelNames() {
        let both = Both()
        #expect(both.debugDescription == "<base model>")
        #expect(both.description == "Both(value: 1)")
        #expect(both.dictionaryRepresentation["base"] as? Bool == true)
        #expect(both.propertyValues["value"] as? Int == 1)
    }
}
