import Foundation

/// Fuzz seeds made from ``HostileShapes``, so the fuzzers start near alias chains, reuse chains,
/// DAGs and invalid text instead of having to find them byte by byte.
///
/// They are committed in `Tests/Fuzz/Seeds/<target>/hostile-<name>`; `HostileSeedTests` checks
/// that the committed files match, and rewrites them when `UPDATE_FUZZ_SEEDS=1` is set.
public enum HostileSeeds {
    /// One seed: the fuzz target it is for, its file name, its bytes.
    public struct Seed: Sendable {
        public let target: String
        public let name: String
        public let data: Data
    }

    /// Every hostile seed (small: just past the limits, so the fuzzers mutate them quickly).
    public static var all: [Seed] {
        var seeds: [Seed] = []
        for link in HostileShapes.FastLink.allCases {
            seeds.append(
                Seed(
                    target: "fastcoding", name: "alias-chain-\(link.rawValue)-600.fast",
                    data: HostileShapes.fastCodingAliasChain(length: 600, link: link)))
            seeds.append(
                Seed(
                    target: "fastcoding", name: "alias-chain-\(link.rawValue)-40.fast",
                    data: HostileShapes.fastCodingAliasChain(length: 40, link: link)))
        }
        seeds += [
            Seed(
                target: "fastcoding", name: "doubling-arrays-40.fast",
                data: HostileShapes.fastCodingDoublingArrays(levels: 40)),
            Seed(target: "fastcoding", name: "url-chain-600.fast", data: HostileShapes.fastCodingURLChain(count: 600)),
            Seed(
                target: "hr-plist", name: "reuse-chain-600.plist",
                data: HostileShapes.binaryPlistReuseChain(length: 600)),
            Seed(
                target: "hr-plist", name: "reuse-chain-40.plist", data: HostileShapes.binaryPlistReuseChain(length: 40)),
            Seed(
                target: "hr-plist", name: "doubling-arrays-40.plist",
                data: HostileShapes.binaryPlistDoublingArrays(levels: 40)),
            Seed(target: "hr-plist", name: "invalid-utf8.plist", data: HostileShapes.binaryPlistInvalidUTF8),
            Seed(target: "hr-plist", name: "lone-surrogate.plist", data: HostileShapes.binaryPlistLoneSurrogate),
            Seed(target: "hr-plist", name: "invalid-utf8-xml.plist", data: HostileShapes.xmlPlistInvalidUTF8.data),
            Seed(target: "hr-json", name: "alias-chain-600.json", data: HostileShapes.hrJSONAliasChain(length: 600)),
            Seed(
                target: "hr-json", name: "doubling-aliases-40.json",
                data: HostileShapes.hrJSONDoublingAliases(levels: 40)),
            Seed(target: "hr-json", name: "dotted-keys.json", data: HostileShapes.jsonDottedKeys),
            Seed(target: "hr-json", name: "invalid-utf8.json", data: HostileShapes.jsonInvalidUTF8),
            Seed(target: "hr-json", name: "lone-surrogate.json", data: HostileShapes.jsonLoneSurrogate),
        ]
        return seeds
    }

    /// Where `seed` is committed.
    public static func file(of seed: Seed) -> URL {
        SharedVectors.packageRoot.appendingPathComponent("Tests/Fuzz/Seeds/\(seed.target)/hostile-\(seed.name)")
    }
}
