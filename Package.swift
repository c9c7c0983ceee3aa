// swift-tools-version: 6.0
import PackageDescription

/// The suite's kits. Each depends on `CodingCore` only (plus `CLibCrypto` where it encrypts),
/// never on another kit, so a user can pick single products.
/// `hasTests` is false only for kits whose issue has not been worked yet (their module is empty).
let kits: [(name: String, usesLibCrypto: Bool, hasTests: Bool)] = [
    ("AutoCodingKit", false, true),
    ("HRCoderKit", false, true),
    ("FastCodingKit", false, true),
    ("CryptoCodingKit", true, false),
    ("KeychainStore", true, false),
    ("BaseModelKit", false, false),
]

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

var products: [Product] = [.library(name: "CodingCore", targets: ["CodingCore"])]
var targets: [Target] = [
    .target(name: "CodingCore", path: "Modules/CodingCore", swiftSettings: swiftSettings),
    .systemLibrary(
        name: "CLibCrypto",
        path: "Modules/CLibCrypto",
        pkgConfig: "libcrypto",
        providers: [.apt(["libssl-dev", "pkg-config"]), .brew(["openssl@3"])]
    ),
    .target(
        name: "ArchiveTestSupport",
        dependencies: ["CodingCore"],
        path: "Tests/ArchiveTestSupport",
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "CodingCoreTests",
        dependencies: ["CodingCore", "ArchiveTestSupport"],
        path: "Tests/CodingCoreTests",
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "CLibCryptoTests",
        dependencies: ["CLibCrypto"],
        path: "Tests/CLibCryptoTests",
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "ArchiveTestSupportTests",
        dependencies: ["ArchiveTestSupport"],
        path: "Tests/ArchiveTestSupportTests",
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "Benchmark",
        dependencies: ["CodingCore", "AutoCodingKit", "FastCodingKit", "HRCoderKit"],
        path: "Examples/Benchmark",
        swiftSettings: swiftSettings
    ),
]

for kit in kits {
    var dependencies: [Target.Dependency] = ["CodingCore"]
    if kit.usesLibCrypto { dependencies.append("CLibCrypto") }
    products.append(.library(name: kit.name, targets: [kit.name]))
    targets.append(.target(
        name: kit.name,
        dependencies: dependencies,
        path: "Modules/\(kit.name)",
        swiftSettings: swiftSettings
    ))
    guard kit.hasTests else { continue }
    targets.append(.testTarget(
        name: "\(kit.name)Tests",
        dependencies: [.target(name: kit.name), "CodingCore", "ArchiveTestSupport"],
        path: "Tests/\(kit.name)Tests",
        swiftSettings: swiftSettings
    ))
}

let package = Package(
    name: "SwiftModelCoding",
    platforms: [.macOS(.v14)],
    products: products,
    targets: targets
)
