import ArchiveTestSupport
import Foundation
import Testing

@Suite("BuiltExecutable")
struct BuiltExecutableTests {
    @Test("a product that is not built is a clear error saying how to build it")
    func missing() {
        let error = #expect(throws: BuiltExecutableError.self) { try BuiltExecutable("no-such-product") }
        #expect(error?.description.contains("swift build --build-tests") == true)
        #expect(error?.searched.isEmpty == false)
    }

    @Test("a built product runs with arguments, stdin and environment; status and both outputs come back")
    func runs() throws {
        let tool = try BuiltExecutable("keychain-store")
        let home = try TemporaryDirectory()
        let environment = ["XDG_DATA_HOME": home.url.path]
        #expect(try tool.run(["set", "k"], input: Data("v\n".utf8), environment: environment).status == 0)
        let found = try tool.run(["get", "k"], environment: environment)
        #expect(found.status == 0 && found.output == "v\n" && found.errorOutput.isEmpty)
        let missing = try tool.run(["get", "other"], environment: environment)
        #expect(missing.status == 3 && !missing.wasSignalled && missing.output.isEmpty && !missing.errorOutput.isEmpty)
    }
}
