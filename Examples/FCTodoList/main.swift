import BaseModelKit
import CommandLineSupport
import TodoListSupport

// FCTodoList: BaseModel's FCTodoList example. The list is a BaseModel saved in FastCoding;
// it starts empty.

SaveLocation.applicationName = "FCTodoList"

let help = TodoProgram.help(
    name: "FCTodoList",
    description: """
        A todo list kept by BaseModelKit in FastCoding (TodoList.fast) in the per-user data folder
        ($XDG_DATA_HOME/FCTodoList, else ~/.local/share/FCTodoList); it starts empty.
        """)

CommandLineProgram(name: "FCTodoList", help: help).run { arguments in
    try TodoProgram.runSharedCommand(&arguments, storage: ListStorage())
}
