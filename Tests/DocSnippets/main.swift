// Runs every snippet of README.md and of the DocC catalogs (or those named as arguments),
// each in a folder of its own below the current directory, and checks the results their text
// claims. Exits 1 if a snippet throws or prints something other than its text says.
// ExamplesTests runs it with a temporary current directory, HOME and XDG_DATA_HOME.
import Foundation

let names = Set(CommandLine.arguments.dropFirst())
let root = FileManager.default.currentDirectoryPath
// The snippets save files where a program would (KeychainStore's default folder, BaseModel's
// save files, UserDefaults): keep every one of them below the current directory.
for (variable, folder) in [("HOME", "home"), ("XDG_DATA_HOME", "home/data"), ("XDG_CONFIG_HOME", "home/config")] {
    setenv(variable, URL(fileURLWithPath: root).appendingPathComponent(folder).path, 1)
}
var failed: [String] = []
var claims = 0
var ran = 0
for snippet in allSnippets where names.isEmpty || names.contains(snippet.name) {
    ran += 1
    Swift.print("== \(snippet.name) (\(snippet.locations.joined(separator: ", ")))")
    let folder = URL(fileURLWithPath: root).appendingPathComponent(snippet.name).path
    var problems: [String] = []
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard FileManager.default.changeCurrentDirectoryPath(folder) else {
            throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: folder])
        }
        try await snippet.run()
    } catch {
        problems.append("\(snippet.locations[0]): threw \(error)")
    }
    let result = SnippetOutput.shared.finish()
    claims += result.checked
    problems += result.problems
    for problem in problems { Swift.print("FAIL \(problem)") }
    if !problems.isEmpty { failed.append(snippet.name) }
}
Swift.print("claims checked: \(claims)")
Swift.print("snippets: \(ran - failed.count) passed, \(failed.count) failed")
exit(failed.isEmpty ? 0 : 1)
