import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

@Suite("Where relative save files go")
struct SaveLocationTests {
    let home = URL(fileURLWithPath: "/home/someone", isDirectory: true)

    @Test("XDG_DATA_HOME/<app> when it is an absolute path")
    func xdgDataHome() {
        let folder = SaveLocation.defaultDirectory(
            applicationName: "Todo", environment: ["XDG_DATA_HOME": "/data/xdg"], homeDirectory: home)
        #expect(folder.path == "/data/xdg/Todo")
    }

    @Test("the platform folder when XDG_DATA_HOME is unset, empty or relative", arguments: ["", "relative/path", nil])
    func platformDefault(_ xdg: String?) {
        let environment = xdg.map { ["XDG_DATA_HOME": $0] } ?? [:]
        let folder = SaveLocation.defaultDirectory(
            applicationName: "Todo", environment: environment, homeDirectory: home)
        #if canImport(Darwin)
            #expect(folder.path == "/home/someone/Library/Application Support/Todo")
        #else
            #expect(folder.path == "/home/someone/.local/share/Todo")
        #endif
    }

    @Test("a model's saveDirectory decides where its relative saveFile goes")
    func perModelDirectory() throws {
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Note.self)
        #expect(Note.saveFileURL == folder.url.appendingPathComponent("Note.plist"))
    }

    @Test("the program-wide override and application name move every model without its own folder")
    func programWide() throws {
        final class Plain: BaseModel {
            var value = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        let previousName = SaveLocation.applicationName
        SaveLocation.applicationName = "BaseModelKitTests-App"
        #expect(SaveLocation.directory.lastPathComponent == "BaseModelKitTests-App")
        SaveLocation.applicationName = previousName

        SaveLocation.directoryOverride = folder.url
        defer { SaveLocation.directoryOverride = nil }
        #expect(Plain.saveFileURL == folder.url.appendingPathComponent("Plain.plist"))
        Plain.shared.value = 4
        try Plain.shared.save()
        #expect(try Plain.instance(contentsOf: folder.file("Plain.plist")).value == 4)
    }
}
