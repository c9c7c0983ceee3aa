import CommandLineSupport
import TodoListSupport

// AutoTodoList: AutoCoding's TodoList example. The models code themselves (Codable, with
// AutoModel's equality and descriptions) and the list is written as a keyed archive that
// Foundation's NSKeyedUnarchiver reads; it starts empty.

let help = TodoProgram.help(
    name: "AutoTodoList",
    description: """
        A todo list written by AutoCodingKit as a keyed archive (TodoList.plist) in the per-user
        data folder ($XDG_DATA_HOME/AutoTodoList, else ~/.local/share/AutoTodoList); it starts empty.
        """)

CommandLineProgram(name: "AutoTodoList", help: help).run { arguments in
    try TodoProgram.runSharedCommand(&arguments, storage: ListStorage())
}
