import Foundation
import HRCoderKit
import Testing

/// The example documents of hrcoder-format.md §6, typed in as a person would write them.
@Suite("Hand-written documents from the format description")
struct HandWrittenDocumentTests {
    /// Nested Swift classes have qualified names, so the documents' short names are registered.
    static let coder: HRCoder = {
        let registry = ClassNameRegistry()
        registry.register(Playlist.self, as: "Playlist")
        registry.register(Track.self, as: "Track")
        registry.register(Tag.self, as: "Tag")
        return HRCoder(registry: registry)
    }()

    /// The same documents read into the models with the back-pointer.
    static let linkedCoder: HRCoder = {
        let registry = ClassNameRegistry()
        registry.register(LinkedPlaylist.self, as: "Playlist")
        registry.register(LinkedTrack.self, as: "Track")
        return HRCoder(registry: registry)
    }()

    /// §6's model, without the track → playlist back-pointer (a typed decode cannot build cycles).
    final class Playlist: Decodable {
        var name: String
        var tracks: [Track]
        var featured: Track?
        var updated: Date
        var cover: Data
        var note: String?

        private enum CodingKeys: String, CodingKey { case name, tracks, featured, updated, cover, note }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            // Asked for before `tracks`, so the alias is a forward reference.
            featured = try container.decodeIfPresent(Track.self, forKey: .featured)
            tracks = try container.decode([Track].self, forKey: .tracks)
            updated = try container.decode(Date.self, forKey: .updated)
            cover = try container.decode(Data.self, forKey: .cover)
            note = try container.decodeIfPresent(String.self, forKey: .note)
        }
    }

    final class Track: Decodable {
        var title: String
        var seconds: Int
    }

    /// The same track, with the back-pointer the original model had.
    final class LinkedTrack: Decodable {
        var title: String
        var playlist: LinkedPlaylist?
    }

    final class LinkedPlaylist: Decodable {
        var name: String
        var tracks: [LinkedTrack]
    }

    static let xmlPlaylist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>$class</key>
        	<string>Playlist</string>
        	<key>cover</key>
        	<data>
        	AAEC
        	</data>
        	<key>featured</key>
        	<dict>
        		<key>$alias</key>
        		<string>tracks.0</string>
        	</dict>
        	<key>name</key>
        	<string>Home</string>
        	<key>note</key>
        	<dict>
        		<key>$class</key>
        		<string>NSNull</string>
        	</dict>
        	<key>tracks</key>
        	<array>
        		<dict>
        			<key>$class</key>
        			<string>Track</string>
        			<key>playlist</key>
        			<dict>
        				<key>$alias</key>
        				<string>$root</string>
        			</dict>
        			<key>seconds</key>
        			<integer>412</integer>
        			<key>title</key>
        			<string>Intro</string>
        		</dict>
        		<dict>
        			<key>$class</key>
        			<string>Track</string>
        			<key>playlist</key>
        			<dict>
        				<key>$alias</key>
        				<string>$root</string>
        			</dict>
        			<key>seconds</key>
        			<integer>320</integer>
        			<key>title</key>
        			<string>Outro</string>
        		</dict>
        	</array>
        	<key>updated</key>
        	<date>2020-05-17T09:30:00Z</date>
        </dict>
        </plist>
        """

    static let jsonPlaylist = """
        {
          "$class": "Playlist",
          "name": "Home",
          "tracks": [
            {"$class": "Track", "title": "Intro", "seconds": 412, "playlist": {"$alias": "$root"}},
            {"$class": "Track", "title": "Outro", "seconds": 320, "playlist": {"$alias": "$root"}}
          ],
          "featured": {"$alias": "tracks.0"},
          "updated": {"$class": "NSDate", "NS.time": 611400600},
          "cover": {"$class": "NSData", "$data": "AAEC"},
          "note": null
        }
        """

    @Test(
        "§6.1 and §6.2: the playlist decodes, with the forward alias resolved to the same track",
        arguments: [xmlPlaylist, jsonPlaylist])
    func playlist(_ document: String) throws {
        let playlist = try Self.coder.decode(Playlist.self, from: Data(document.utf8))
        #expect(playlist.name == "Home")
        #expect(playlist.tracks.map(\.title) == ["Intro", "Outro"])
        #expect(playlist.tracks.map(\.seconds) == [412, 320])
        #expect(playlist.featured === playlist.tracks[0])
        #expect(playlist.updated == Date(timeIntervalSinceReferenceDate: 611_400_600))
        #expect(playlist.cover == Data([0, 1, 2]))
        #expect(playlist.note == nil)
    }

    @Test(
        "§6.1 and §6.2 with the back-pointer: the $root alias is refused with its path",
        arguments: [xmlPlaylist, jsonPlaylist])
    func playlistBackPointer(_ document: String) throws {
        let error = try #require(throws: DecodingError.self) {
            try Self.linkedCoder.decode(LinkedPlaylist.self, from: Data(document.utf8))
        }
        guard case let .dataCorrupted(context) = error else { Issue.record("wrong error \(error)"); return }
        #expect(
            context.debugDescription.hasPrefix(
                "back-reference to LinkedPlaylist at the root, which is still being decoded"))
        #expect(
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
                == "tracks.0.playlist")
    }

    struct Palette: Decodable {
        struct Meta: Decodable { var created: Date }
        var favourite: String
        var palette: [String]
        var meta: Meta
    }

    @Test("§6.3: plain containers, an alias to a string before its target, and an NSDate")
    func plainContainers() throws {
        let document = """
            {
              "favourite": {"$alias": "palette.1"},
              "palette": ["red", "green"],
              "meta": {"created": {"$class": "NSDate", "NS.time": 0}}
            }
            """
        let decoded = try HRCoder.unarchive(Palette.self, from: Data(document.utf8))
        #expect(decoded.favourite == "green")
        #expect(decoded.palette == ["red", "green"])
        #expect(decoded.meta.created == Date(timeIntervalSinceReferenceDate: 0))
    }

    final class Tag: Decodable {
        var name: String
    }

    @Test("§6.4: a root array whose second element aliases the first holds one instance twice")
    func rootArrayAlias() throws {
        let document = """
            <array>
            	<dict><key>$class</key><string>Tag</string><key>name</key><string>urgent</string></dict>
            	<dict><key>$alias</key><string>0</string></dict>
            </array>
            """
        let tags = try Self.coder.decode([Tag].self, from: Data(document.utf8))
        #expect(tags.count == 2)
        #expect(tags[0] === tags[1])
        #expect(tags[0].name == "urgent")
    }

    @Test(
        "an $alias key written with escapes (JSON \\u0024, XML &#36;) still shares the instance",
        arguments: [
            #"[{"$class": "Tag", "name": "urgent"}, {"\u0024alias": "0"}]"#,
            "<array><dict><key>$class</key><string>Tag</string><key>name</key><string>urgent</string></dict>"
                + "<dict><key>&#36;alias</key><string>0</string></dict></array>",
        ])
    func escapedAliasKey(document: String) throws {
        let tags = try Self.coder.decode([Tag].self, from: Data(document.utf8))
        #expect(tags.count == 2)
        #expect(tags[0] === tags[1])
    }

    @Test("a document without any $class decodes into models, classes included")
    func untaggedObjects() throws {
        let document = #"{"name": "Plain", "age": 7, "address": {"city": "Nowhere"}}"#
        let person = try HRCoder.unarchive(Person.self, from: Data(document.utf8))
        #expect(person.name == "Plain" && person.age == 7 && person.address?.city == "Nowhere")
    }

    @Test("GNUstep-style JSON numbers (1.0 for an Int, 1/0 for a Bool) decode")
    func lenientNumbers() throws {
        let document = #"{"$class": "Person", "age": 36.0, "active": 1}"#
        let person = try HRCoder.unarchive(Person.self, from: Data(document.utf8))
        #expect(person.age == 36 && person.active)
    }
}
