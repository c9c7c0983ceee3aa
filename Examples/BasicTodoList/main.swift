import BaseModelKit
import CommandLineSupport
import TodoListSupport

// BasicTodoList: BaseModel's BasicTodoList example. The list is a BaseModel saved as a binary
// property list; the first run starts with the four items of the bundled TodoList.plist.

SaveLocation.applicationName = "BasicTodoList"

let help = TodoProgram.help(
    name: "BasicTodoList",
    description: """
        A todo list kept by BaseModelKit as a binary property list in the per-user data folder
        ($XDG_DATA_HOME/BasicTodoList, else ~/.local/share/BasicTodoList); it starts with four items.
        """)

CommandLineProgram(name: "BasicTodoList", help: help).run { arguments in
    try TodoProgram.runSharedCommand(&arguments, storage: ListStorage())
}
