import BaseModelKit
import CommandLineSupport
import TodoListSupport

// TodoList: the suite's showcase. One program, several models, each in its own format:
// the list as HRCoder JSON (edit it by hand), settings in UserDefaults, completed items in
// FastCoding, private notes encrypted by CryptoCodingKit with a password kept in KeychainStore,
// and starting items from a bundled resource file, all through BaseModelKit.

SaveLocation.applicationName = "TodoList"

let help = TodoProgram.help(
    name: "TodoList",
    description: """
        A todo list whose models are each kept in their own format, in the per-user data folder
        ($XDG_DATA_HOME/TodoList, else ~/.local/share/TodoList). Try 'TodoList demo'.
        """,
    extraCommands: ShowcaseCommands.usage)

CommandLineProgram(name: "TodoList", help: help).run { arguments in
    let command = try arguments.next("COMMAND")
    if command == "demo" {
        try arguments.finish()
        try Demo.run()
        return
    }
    if try ShowcaseCommands.run(command, &arguments) { return }
    let showDates = command == "list" ? try Settings.reloadSharedInstance().showDates : false
    guard try TodoCommands.run(command, &arguments, storage: ListStorage(), showDates: showDates) else {
        throw CommandLineError.usage("unknown command '\(command)'")
    }
}
