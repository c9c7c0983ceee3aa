import BaseModelKit
import CommandLineSupport
import TodoListSupport

// HRTodoList: BaseModel's HRTodoList example. The list is a BaseModel saved as HRCoder JSON,
// which a person can open, edit and save: the next command picks the edit up.

SaveLocation.applicationName = "HRTodoList"

let help = TodoProgram.help(
    name: "HRTodoList",
    description: """
        A todo list kept by BaseModelKit as HRCoder JSON (TodoList.json) in the per-user data folder
        ($XDG_DATA_HOME/HRTodoList, else ~/.local/share/HRTodoList). Edit the file by hand if you
        like; it starts with the four items of the bundled HRCoder XML file.
        """)

CommandLineProgram(name: "HRTodoList", help: help).run { arguments in
    try TodoProgram.runSharedCommand(&arguments, storage: ListStorage())
}
