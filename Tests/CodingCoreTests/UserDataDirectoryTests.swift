import CodingCore
import Testing

@Suite("UserDataDirectory")
struct UserDataDirectoryTests {
    @Test("XDG_DATA_HOME when absolute, else the platform's folder under HOME")
    func folders() {
        let xdg = UserDataDirectory.url(for: "todo", environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"])
        #expect(xdg.path == "/x/todo")
        #if os(macOS)
            let expected = "/h/Library/Application Support/todo"
        #else
            let expected = "/h/.local/share/todo"
        #endif
        #expect(UserDataDirectory.url(for: "todo", environment: ["HOME": "/h"]).path == expected)
        #expect(UserDataDirectory.url(for: "todo", environment: ["XDG_DATA_HOME": "", "HOME": "/h"]).path == expected)
        let relative = UserDataDirectory.url(for: "todo", environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
        #expect(relative.path == expected)
    }
}
