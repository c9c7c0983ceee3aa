import CommandLineSupport
import Foundation
import KeychainStore

// keychain-store: the command-line face of KeychainStore. Secrets travel through stdin and
// stdout only, never through arguments (which other users can see in the process list).

extension ExitCode {
    /// 3: `get` or `remove` of a key that has no item.
    static let notFound = ExitCode(3)
}

let help = """
    usage: keychain-store [--service NAME] COMMAND [KEY]

    Keeps secrets in an encrypted per-user store ($XDG_DATA_HOME/keychain-store,
    else ~/.local/share/keychain-store), unlocked by the key file made on first use.

    commands:
      set KEY      store the secret read from stdin (a trailing newline is dropped);
                   on a terminal it is asked for with echo off
      get KEY      print the secret stored under KEY
      remove KEY   delete the secret stored under KEY
      list         print the keys, one per line, sorted

    options:
      --service NAME   the service whose secrets to use (default: keychain-store)
      -h, --help       show this help

    exit status: 0 done, 1 the store or the output could not be read or written, 2 wrong
    command line, 3 no secret under KEY (get, remove)
    """

CommandLineProgram(name: "keychain-store", help: help, optionsWithValues: ["--service"]).run { arguments in
    let service = try arguments.option("--service") ?? "keychain-store"
    let store = KeychainStore(service: service)
    let command = try arguments.next("COMMAND (set, get, remove or list)")
    switch command {
    case "set":
        let key = try arguments.next("KEY")
        try arguments.finish()
        let secret = try SecretInput.read(prompt: "Secret for '\(key)': ")
        try store.setData(secret, forKey: key)
    case "get":
        let key = try arguments.next("KEY")
        try arguments.finish()
        guard let secret = try store.data(forKey: key) else {
            throw CommandLineError("no secret stored under '\(key)' for service '\(service)'", exitCode: .notFound)
        }
        try StandardOutput.write(secret + Data("\n".utf8))
    case "remove":
        let key = try arguments.next("KEY")
        try arguments.finish()
        guard try store.contains(key) else {
            throw CommandLineError("no secret stored under '\(key)' for service '\(service)'", exitCode: .notFound)
        }
        try store.removeData(forKey: key)
    case "list":
        try arguments.finish()
        for key in try store.allKeys() {
            print(key)
        }
    default:
        throw CommandLineError.usage("unknown command '\(command)'")
    }
}
