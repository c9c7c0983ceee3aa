import ArchiveTestSupport
import Foundation
import Testing

/// A list file that holds no list of the program's (an empty object, a `null` list, another
/// program's file in a format the program does not read) is an error naming the file, and no
/// command replaces it: never "no list yet" followed by an `add` that destroys it.
@Suite("foreign data files")
struct ForeignFileTests {
    /// The programs whose list files are put where another program keeps its list.
    static let sources = ["AutoTodoList", "FCTodoList", "CryptoTodoList", "BasicTodoList"]

    /// Readers that read the source's format as a list of their own: a plain property list of
    /// items is a list every BaseModel program without encryption reads.
    static let readable: Set<[String]> = [
        ["BasicTodoList", "TodoList"], ["BasicTodoList", "HRTodoList"], ["BasicTodoList", "FCTodoList"],
    ]

    /// Each source program's list file after one `add`.
    static let sourceFiles: [String: Data] = {
        var files: [String: Data] = [:]
        for (name, listFile) in ExampleProgram.all where sources.contains(name) {
            guard let program = try? ExampleProgram(name), (try? program.output(["add", "Theirs"])) != nil,
                let data = try? Data(contentsOf: program.file(listFile))
            else { continue }
            files[name] = data
        }
        return files
    }()

    @Test("a list file holding no list is refused by list and add, and left as it was", arguments: ExampleProgram.all)
    func foreign(program entry: (name: String, listFile: String)) throws {
        #expect(Self.sourceFiles.count == Self.sources.count, "every source program wrote its file")
        var contents: [(String, Data)] = [("{}", Data("{}".utf8)), ("{\"items\":null}", Data("{\"items\":null}".utf8))]
        for (source, data) in Self.sourceFiles.sorted(by: { $0.key < $1.key })
        where source != entry.name && !Self.readable.contains([source, entry.name]) {
            contents.append(("\(source)'s file", data))
        }
        let program = try ExampleProgram(entry.name)
        try program.output(["add", "Mine"])
        let file = program.file(entry.listFile)
        for (label, data) in contents {
            try data.write(to: file)
            for arguments in [["list"], ["add", "Third"]] {
                let result = try program.run(arguments)
                #expect(result.status == 1, "\(label), \(arguments): \(result.output)")
                #expect(result.errorOutput.contains(file.path), "\(label), \(arguments): \(result.errorOutput)")
                #expect(try Data(contentsOf: file) == data, "\(label), \(arguments)")
            }
        }
    }

    @Test("a 1 GiB list file is refused before it is read, and left as it was", arguments: ExampleProgram.all)
    func oversized(program entry: (name: String, listFile: String)) throws {
        let program = try ExampleProgram(entry.name)
        let file = program.file(entry.listFile)
        try FileManager.default.createDirectory(at: program.dataDirectory, withIntermediateDirectories: true)
        try SpecialFiles.makeSparseFile(at: file, size: 1 << 30)
        for arguments in [["list"], ["add", "Third"]] {
            let result = try program.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.output)")
            #expect(result.errorOutput.contains(file.path), "\(arguments): \(result.errorOutput)")
            #expect(result.errorOutput.contains("limit"), "\(arguments): \(result.errorOutput)")
        }
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
        #expect(size == 1 << 30)
    }

    @Test("CryptoTodoList refuses a plain list where its encrypted one belongs, and leaves it as it was")
    func plainListForEncryptedProgram() throws {
        let program = try ExampleProgram("CryptoTodoList")
        try program.output(["add", "Mine"])
        let file = program.file("TodoList.enc")
        let plainFiles = [
            Data(#"{"items": [{"label": "planted"}]}"#.utf8), Self.sourceFiles["BasicTodoList"] ?? Data(),
        ]
        for plain in plainFiles {
            try plain.write(to: file)
            for arguments in [["list"], ["add", "Third"], ["clear"]] {
                let result = try program.run(arguments)
                #expect(result.status == 1, "\(arguments): \(result.output)")
                #expect(result.errorOutput.contains(file.path), "\(arguments): \(result.errorOutput)")
                #expect(result.errorOutput.contains("not encrypted"), "\(arguments): \(result.errorOutput)")
                #expect(try Data(contentsOf: file) == plain, "\(arguments)")
            }
        }
    }
}
