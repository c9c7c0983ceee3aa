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
    usage: keychain-store [--service NAME] [--directory PATH] COMMAND [KEY]

    Keeps secrets in an encrypted per-user store ($XDG_DATA_HOME/keychain-store,
    else ~/.local/share/keychain-store), unlocked by the key file made on first use.

    commands:
      set KEY      store the secret read from stdin (a trailing newline is dropped);
                   on a terminal it is asked for with echo off
      get KEY      print the secret stored under KEY
      ensure KEY   print the secret stored under KEY, storing a new random one first
                   (32 random bytes, base64) when there is none; processes running it at
                   once all print the same secret
      remove KEY   delete the secret stored under KEY
      list         print the keys, one per line, sorted

    options:
      --service NAME     the service whose secrets to use (default: keychain-store)
      --directory PATH   the store's folder, e.g. one a program opened with
                         KeychainStore(service:directory:) (default: the per-user folder)
      -h, --help         show this help

    exit status: 0 done, 1 the store or the output could not be read or written, 2 wrong
    command line, 3 no secret under KEY (get, remove)
    """

/// The store the options name.
func openStore(_ arguments: inout ArgumentList) throws -> (store: KeychainStore, service: String) {
    let service = try arguments.option("--service") ?? "keychain-store"
    guard let path = try arguments.optionPath("--directory") else {
        return (KeychainStore(service: service), service)
    }
    guard let directory = path.url else {
        throw CommandLineError(
            "--directory '\(path)': the path is not UTF-8, and KeychainStore takes its folder as a URL, "
                + "which cannot hold such a name on this platform; use a folder whose path is UTF-8")
    }
    return (KeychainStore(service: service, directory: directory), service)
}

/// 32 random bytes from the system's secure generator, as base64.
func newRandomSecret() -> Data {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return Data(Data(bytes).base64EncodedString().utf8)
}

CommandLineProgram(
    name: "keychain-store", help: help, optionsWithValues: ["--service", "--directory"]
).run { arguments in
    let (store, service) = try openStore(&arguments)
    let command = try arguments.next("COMMAND (set, get, ensure, remove or list)")
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
    case "ensure":
        let key = try arguments.next("KEY")
        try arguments.finish()
        let secret = try store.data(forKey: key, storingIfAbsent: newRandomSecret)
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
