import BaseModelKit
import CommandLineSupport
import TodoListSupport

// CryptoTodoList: BaseModel's CryptoTodoList example. The list is a BaseModel saved encrypted
// with CryptoCodingKit. The password comes from $TODO_PASSWORD or a prompt with echo off,
// never from the command line; a wrong one fails and changes nothing.

SaveLocation.applicationName = "CryptoTodoList"

let help = TodoProgram.help(
    name: "CryptoTodoList",
    description: """
        A todo list kept by BaseModelKit, encrypted by CryptoCodingKit (TodoList.enc) in the per-user
        data folder ($XDG_DATA_HOME/CryptoTodoList, else ~/.local/share/CryptoTodoList). The password
        is read from $TODO_PASSWORD, else asked for on the terminal; it starts with four items.
        """)

CommandLineProgram(name: "CryptoTodoList", help: help).run { arguments in
    try TodoProgram.runSharedCommand(&arguments, storage: ListStorage())
}
