import CodingCore
import Foundation

/// The check every kit runs on an `@Observable` model: it round-trips through a format, and
/// the archive holds the declared property names, never the macro's storage names.
public enum ObservationCheck {
    /// The declared names the sample's archive must hold.
    public static let declaredNames = ["volume", "name", "startedAt", "tags", "speaker", "speakers", "room", "level"]

    /// What went wrong when ``ObservedSettings/sample()`` goes through `format`; empty when it
    /// round-tripped and (when `readsNames`) the bytes name every declared property and no
    /// `_`-prefixed storage property or registrar.
    public static func problems(_ format: any ArchiveFormat, readsNames: Bool = true) -> [String] {
        let original = ObservedSettings.sample()
        do {
            let data = try format.encode(original)
            let problems = original.differences(from: try format.decode(ObservedSettings.self, from: data))
            return readsNames ? problems + namingProblems(data) : problems
        } catch {
            return ["\(error)"]
        }
    }

    /// What is wrong with the names in an archive of ``ObservedSettings/sample()``: a declared
    /// name missing, or a `_`-prefixed storage name or the registrar present.
    public static func namingProblems(_ data: Data) -> [String] {
        var problems: [String] = []
        for name in declaredNames where !data.contains(name) {
            problems.append("the archive does not name '\(name)'")
        }
        for name in declaredNames.map({ "_" + $0 }) + ["observationRegistrar"] where data.contains(name) {
            problems.append("the archive names '\(name)'")
        }
        return problems
    }
}

extension ObservationCheck {
    /// How a text archive spells a key, for rewriting it.
    public enum KeySpelling: Sendable {
        /// `"volume"` (JSON).
        case jsonString
        /// `<key>volume</key>` (XML property lists).
        case xmlKey
    }

    /// What went wrong reading, through `format`, an archive of ``ObservedSettings/sample()``
    /// whose keys are the macro's storage names (`_volume`), as kits wrote them before mapping.
    public static func problemsReadingStorageNames(_ format: any ArchiveFormat, keys: KeySpelling) -> [String] {
        let original = ObservedSettings.sample()
        do {
            var text = String(decoding: try format.encode(original), as: UTF8.self)
            for name in declaredNames {
                let (declared, stored) =
                    keys == .jsonString
                    ? ("\"\(name)\"", "\"_\(name)\"") : ("<key>\(name)</key>", "<key>_\(name)</key>")
                guard text.contains(declared) else { return ["the archive does not name '\(name)'"] }
                text = text.replacingOccurrences(of: declared, with: stored)
            }
            return original.differences(from: try format.decode(ObservedSettings.self, from: Data(text.utf8)))
        } catch {
            return ["\(error)"]
        }
    }
}

extension Data {
    /// Whether the bytes hold `text` in UTF-8 (the names checked are ASCII, which every
    /// format stores as such).
    fileprivate func contains(_ text: String) -> Bool {
        range(of: Data(text.utf8)) != nil
    }
}
