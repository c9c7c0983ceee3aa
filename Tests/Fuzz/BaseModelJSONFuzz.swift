// fuzz-target: basemodel-json
// fuzz-modules: BaseModelKit
// fuzz-sources:
// fuzz-seeds: Tests/Fuzz/Seeds/basemodel-json/*
// fuzz-link:
import BaseModelKit
import Foundation

// Fuzz target `basemodel-json`: BaseModelKit's mapping of untrusted JSON and property lists
// onto models — `instance(decoding:)`, which detects the format as `instance(contentsOf:)` does
// and maps plain JSON and property lists, and `instance(with:)` / `instances(with:)` on the
// value `JSONSerialization` parsed. (Property lists are parsed only through the kit, which
// screens out binary plists holding sets: corelibs Foundation crashes on some of them.)

/// A leaf model reached through its string and array hooks as well as dictionaries.
final class FuzzLeaf: BaseModel, StringSettable, ArraySettable, NumberSettable {
    var label = ""
    var checked = false
    var priority: Int8 = 0

    init() {}

    func setWithString(_ string: String) throws { label = string }
    func setWithArray(_ array: [Any]) throws { label = array.map { "\($0)" }.joined(separator: ",") }
    func setWithNumber(_ number: NSNumber) throws { priority = number.int8Value }
}

/// A recursive model with one property of every kind the mapping converts.
final class FuzzTree: BaseModel, ArraySettable {
    var name = ""
    var count = 0
    var size: UInt16 = 0
    var ratio = 0.0
    var flag = false
    var created: Date?
    var blob: Data?
    var tags: [String] = []
    var leaf = FuzzLeaf()
    var spare: FuzzLeaf?
    var leaves: [FuzzLeaf] = []
    var byName: [String: FuzzLeaf] = [:]
    var child: FuzzTree?
    var children: [FuzzTree] = []

    init() {}

    func setWithArray(_ array: [Any]) throws { leaves = FuzzLeaf.instances(with: array) }
}

func fuzz(_ data: Data) {
    _ = try? FuzzTree.instance(decoding: data)
    if let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
        _ = try? FuzzTree.instance(with: value)
        _ = FuzzLeaf.instances(with: value as? [Any] ?? [value])
    }
}

func seedInputs() throws -> [String: Data] {
    let tree = FuzzTree()
    tree.name = "root"
    tree.count = 3
    tree.created = Date(timeIntervalSince1970: 1_000_000)
    tree.blob = Data([1, 2, 3])
    tree.tags = ["a", "b"]
    tree.spare = FuzzLeaf()
    tree.leaves = [FuzzLeaf(), FuzzLeaf()]
    tree.byName = ["x": FuzzLeaf()]
    tree.child = FuzzTree()
    tree.children = [FuzzTree()]
    return [
        "tree.json": try tree.jsonRepresentation(),
        "tree.xml.plist": try tree.propertyListRepresentation(format: .xml),
        "tree.binary.plist": try tree.propertyListRepresentation(format: .binary),
    ]
}
