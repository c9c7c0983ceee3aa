import Foundation

/// Hand-made keyed archives (XML, so the tests read like the layout) for the safety tests.
enum HostileArchives {
    static func uid(_ value: Int) -> String { "<dict><key>CF$UID</key><integer>\(value)</integer></dict>" }

    /// An archive from its top-level entries and `$objects` (after `$null`), each an XML element.
    static func archive(
        objects: [String], root: Int = 1, top: String? = nil, archiver: String = "NSKeyedArchiver"
    ) -> Data {
        let topXML = top ?? "<key>$top</key><dict><key>root</key>\(uid(root))</dict>"
        let xml = """
            <plist version="1.0"><dict><key>$archiver</key><string>\(archiver)</string>
            <key>$version</key><integer>100000</integer>\(topXML)
            <key>$objects</key><array><string>$null</string>\(objects.joined(separator: "\n"))</array></dict></plist>
            """
        return Data(xml.utf8)
    }

    /// An archived object of the class described at `classUID`, with fields given as XML.
    static func object(_ fields: String, classUID: Int = 2) -> String {
        "<dict><key>$class</key>\(uid(classUID))\(fields)</dict>"
    }

    /// A `<key>` and its value.
    static func field(_ key: String, _ value: String) -> String {
        "<key>\(key)</key>\(value)"
    }

    static func classDescription(_ name: String) -> String {
        "<dict><key>$classname</key><string>\(name)</string><key>$classes</key><array><string>\(name)</string>"
            + "<string>NSObject</string></array></dict>"
    }

    /// `depth` NSArrays, each holding the next: objects 1…depth, the class description last.
    static func nestedArrays(depth: Int) -> Data {
        var objects: [String] = []
        objects.reserveCapacity(depth + 1)
        for level in 1...depth {
            let items = level < depth ? uid(level + 1) : ""
            objects.append(
                "<dict><key>$class</key>\(uid(depth + 1))<key>NS.objects</key><array>\(items)</array></dict>")
        }
        objects.append(classDescription("NSArray"))
        return archive(objects: objects)
    }

    /// `levels` NSArrays, each holding the next `fanOut` times (the last is empty): objects
    /// 1…levels, the class description last. Decoded as values, it expands to `fanOut^(levels-1)`
    /// empty lists.
    static func sharedArrays(levels: Int, fanOut: Int) -> Data {
        var objects: [String] = []
        for level in 1...levels {
            let items = level < levels ? String(repeating: uid(level + 1), count: fanOut) : ""
            objects.append(
                "<dict><key>$class</key>\(uid(levels + 1))<key>NS.objects</key><array>\(items)</array></dict>")
        }
        objects.append(classDescription("NSArray"))
        return archive(objects: objects)
    }
}
