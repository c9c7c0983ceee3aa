// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// The suite's kits. Each depends on `CodingCore` only (plus `CLibCrypto` where it encrypts),
/// never on another kit, so a user can pick single products.
/// Adding a kit is one line here plus its own files (`Modules/<Kit>/`, `Tests/<Kit>Tests/`):
/// the products, targets, the benchmark's dependencies and `Scripts/check-dependencies` follow.
let kits: [(name: String, usesLibCrypto: Bool, hasTests: Bool)] = [
    ("AutoCodingKit", false, true),
    ("HRCoderKit", false, true),
    ("FastCodingKit", false, true),
    ("CryptoCodingKit", true, true),
    ("KeychainStore", true, true),
    ("BaseModelKit", false, true),
]

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

var products: [Product] = [
    .library(name: "CodingCore", targets: ["CodingCore"]),
    .executable(name: "keychain-store", targets: ["KeychainStoreTool"]),
    .executable(name: "archive-tool", targets: ["ArchiveTool"]),
    .executable(name: "TodoList", targets: ["TodoList"]),
    .executable(name: "BasicTodoList", targets: ["BasicTodoList"]),
    .executable(name: "AutoTodoList", targets: ["AutoTodoList"]),
    .executable(name: "HRTodoList", targets: ["HRTodoList"]),
    .executable(name: "FCTodoList", targets: ["FCTodoList"]),
    .executable(name: "CryptoTodoList", targets: ["CryptoTodoList"]),
]
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
        dependencies: ["CodingCore", "CommandLineSupport"],
        path: "Tests/ArchiveTestSupport",
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "CodingCoreTests",
        dependencies: ["CodingCore", "ArchiveTestSupport"],
        path: "Tests/CodingCoreTests",
        swiftSettings: swiftSettings
    ),
    // A program the file-layer tests start, race and kill: it writes through AtomicFile.
    .executableTarget(
        name: "AtomicWriteHelper",
        dependencies: ["CodingCore"],
        path: "Tests/AtomicWriteHelper",
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
    .target(
        name: "CommandLineSupport",
        dependencies: ["CodingCore"],
        path: "Examples/CommandLineSupport",
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "CommandLineSupportTests",
        dependencies: ["CommandLineSupport"],
        path: "Tests/CommandLineSupportTests",
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "KeychainStoreTool",
        dependencies: ["KeychainStore", "CommandLineSupport"],
        path: "Examples/KeychainStoreTool",
        swiftSettings: swiftSettings
    ),
    // archive-tool and its reusable logic may use every kit (the kits still depend on none).
    .target(
        name: "ArchiveInspection",
        dependencies: ["CodingCore", "AutoCodingKit", "FastCodingKit", "HRCoderKit", "CryptoCodingKit"],
        path: "Examples/ArchiveInspection",
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "ArchiveTool",
        dependencies: ["ArchiveInspection", "CommandLineSupport", "CodingCore"],
        path: "Examples/ArchiveTool",
        exclude: ["README.md"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "ArchiveToolTests",
        dependencies: ["ArchiveTestSupport", "ArchiveInspection", "AutoCodingKit", "FastCodingKit", "HRCoderKit",
                       "CryptoCodingKit"],
        path: "Tests/ArchiveToolTests",
        swiftSettings: swiftSettings
    ),
    // Kits used together, as an app uses them: names that must not collide, the detection order.
    .testTarget(
        name: "KitCombinationTests",
        dependencies: kits.map { .target(name: $0.name) } + ["ArchiveTestSupport"],
        path: "Tests/KitCombinationTests",
        swiftSettings: swiftSettings
    ),
    // The todo-list examples: each program depends only on the kits it shows
    // (ExamplesTests checks this with `swift package dump-package`).
    .target(
        name: "TodoListSupport",
        dependencies: ["CommandLineSupport"],
        path: "Examples/TodoListSupport",
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "TodoList",
        dependencies: [
            "BaseModelKit", "HRCoderKit", "FastCodingKit", "CryptoCodingKit", "KeychainStore",
            "TodoListSupport", "CommandLineSupport", "ArchiveInspection",
        ],
        path: "Examples/TodoList",
        resources: [.copy("Resources/TodoList.plist")],
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "BasicTodoList",
        dependencies: ["BaseModelKit", "TodoListSupport", "CommandLineSupport"],
        path: "Examples/BasicTodoList",
        resources: [.copy("Resources/TodoList.plist")],
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "AutoTodoList",
        dependencies: ["AutoCodingKit", "TodoListSupport", "CommandLineSupport"],
        path: "Examples/AutoTodoList",
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "HRTodoList",
        dependencies: ["BaseModelKit", "HRCoderKit", "TodoListSupport", "CommandLineSupport"],
        path: "Examples/HRTodoList",
        resources: [.copy("Resources/TodoList.plist")],
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "FCTodoList",
        dependencies: ["BaseModelKit", "FastCodingKit", "TodoListSupport", "CommandLineSupport"],
        path: "Examples/FCTodoList",
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "CryptoTodoList",
        dependencies: ["BaseModelKit", "CryptoCodingKit", "TodoListSupport", "CommandLineSupport"],
        path: "Examples/CryptoTodoList",
        resources: [.copy("Resources/TodoList.plist")],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "ExamplesTests",
        dependencies: ["ArchiveTestSupport"],
        path: "Tests/ExamplesTests",
        swiftSettings: swiftSettings
    ),
    // The documentation's snippets as a program: DocSnippetsPlugin has DocSnippetExtractor write
    // every Swift block of README.md and the DocC catalogs into it on each build, so a snippet that
    // stops compiling fails the build; ExamplesTests runs it to check the results the text claims.
    .executableTarget(
        name: "DocSnippetExtractor",
        path: "Tests/DocSnippetExtractor",
        swiftSettings: swiftSettings
    ),
    .plugin(
        name: "DocSnippetsPlugin",
        capability: .buildTool(),
        dependencies: ["DocSnippetExtractor"],
        path: "Plugins/DocSnippetsPlugin"
    ),
    .executableTarget(
        name: "DocSnippets",
        dependencies: ["CodingCore"] + kits.map { .target(name: $0.name) },
        path: "Tests/DocSnippets",
        swiftSettings: swiftSettings,
        plugins: ["DocSnippetsPlugin"]
    ),
    // The benchmark measures the kits side by side, so it may import every one of them.
    .executableTarget(
        name: "Benchmark",
        dependencies: ["CodingCore", "CLibCrypto", "CommandLineSupport"] + kits.map { .target(name: $0.name) },
        path: "Examples/Benchmark",
        exclude: ["README.md", "Results.md"],
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
    // Test files read from disk (Tests/<Kit>Tests/Fixtures/) are data, not sources or resources.
    let fixtures = "Tests/\(kit.name)Tests/Fixtures"
    let hasFixtures = FileManager.default.fileExists(atPath: Context.packageDirectory + "/" + fixtures)
    targets.append(.testTarget(
        name: "\(kit.name)Tests",
        dependencies: [.target(name: kit.name), "CodingCore", "ArchiveTestSupport"],
        path: "Tests/\(kit.name)Tests",
        exclude: hasFixtures ? ["Fixtures"] : [],
        swiftSettings: swiftSettings
    ))
}

let package = Package(
    name: "SwiftModelCoding",
    platforms: [.macOS(.v14)],
    products: products,
    targets: targets
)
