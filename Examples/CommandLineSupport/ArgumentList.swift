import CodingCore

/// The arguments of one command line, taken apart by the program that knows what it
/// accepts: flags and options (anywhere on the line), then positional arguments in order,
/// then ``finish()`` to reject anything left over.
///
/// Options are `--name VALUE` or `--name=VALUE` and must be declared up front, so a flag
/// is never mistaken for an option swallowing the next word. `--` ends options (later
/// arguments are positional even when they start with `-`); a lone `-` is positional.
///
/// Each argument keeps its exact bytes: a file name that is not UTF-8 is taken with
/// ``nextPath(_:)`` or ``optionPath(_:)`` as a `FileSystemPath`, unchanged, where the text
/// (``next(_:)``, ``option(_:)``) shows its bad bytes as U+FFFD.
///
/// ```swift
/// var arguments = ArgumentList(["--service", "mail", "get", "token"], optionsWithValues: ["--service"])
/// let service = try arguments.option("--service") ?? "default"
/// let command = try arguments.next("COMMAND")   // "get"
/// let key = try arguments.next("KEY")           // "token"
/// try arguments.finish()
/// ```
public struct ArgumentList: Sendable {
    /// One argument (or option value): its exact bytes and its text.
    private struct Word: Sendable {
        let bytes: [UInt8]
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    private var options: [(name: String, value: Word?)]
    private var positionals: [Word]

    /// The arguments after the program name (`CommandLine.arguments.dropFirst()`).
    ///
    /// - Parameter optionsWithValues: the names (e.g. `"--service"`) that take a value.
    public init(_ arguments: some Sequence<String>, optionsWithValues: Set<String> = []) {
        self.init(bytes: arguments.map { Array($0.utf8) }, optionsWithValues: optionsWithValues)
    }

    /// The arguments after the program name as the system passed them, byte for byte (what
    /// ``CommandLineProgram`` reads from `CommandLine.unsafeArgv`).
    public init(bytes arguments: some Sequence<[UInt8]>, optionsWithValues: Set<String> = []) {
        var options: [(name: String, value: Word?)] = []
        var positionals: [Word] = []
        var iterator = arguments.map(Word.init).makeIterator()
        let dash = UInt8(ascii: "-")
        while let argument = iterator.next() {
            let bytes = argument.bytes
            if bytes == [dash, dash] {
                while let rest = iterator.next() { positionals.append(rest) }
            } else if bytes.first == dash, bytes != [dash] {
                if bytes.starts(with: [dash, dash]), let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                    let name = Word(bytes: Array(bytes[..<equals])).text
                    options.append((name, Word(bytes: Array(bytes[(equals + 1)...]))))
                } else if optionsWithValues.contains(argument.text) {
                    options.append((argument.text, iterator.next()))
                } else {
                    options.append((argument.text, nil))
                }
            } else {
                positionals.append(argument)
            }
        }
        self.options = options
        self.positionals = positionals
    }

    /// Whether a flag with any of `names` (e.g. `"--help", "-h"`) was given; consumes it.
    public mutating func flag(_ names: String...) -> Bool {
        let count = options.count
        options.removeAll { names.contains($0.name) && $0.value == nil }
        return options.count != count
    }

    /// The value of the option `name`: the last one when given several times, `nil` when absent.
    ///
    /// - Throws: a usage ``CommandLineError`` when the option ends the line without a value.
    public mutating func option(_ name: String) throws -> String? {
        try optionWord(name)?.text
    }

    /// The value of the option `name` as a path, byte for byte; `nil` when absent.
    ///
    /// - Throws: a usage ``CommandLineError`` when the option has no value or an empty one.
    public mutating func optionPath(_ name: String) throws -> FileSystemPath? {
        guard let word = try optionWord(name) else { return nil }
        return try path(word, "the value of \(name)")
    }

    /// The next positional argument, or `nil` when there is none.
    public mutating func nextIfPresent() -> String? {
        positionals.isEmpty ? nil : positionals.removeFirst().text
    }

    /// The next positional argument.
    ///
    /// - Throws: a usage ``CommandLineError`` "missing PLACEHOLDER" when there is none (and,
    ///   when a negative number such as `-1` was read as an option, how to give it instead).
    public mutating func next(_ placeholder: String) throws -> String {
        try nextWord(placeholder).text
    }

    /// The next positional argument as a path, byte for byte (a name that is not UTF-8 stays
    /// exactly as given).
    ///
    /// - Throws: a usage ``CommandLineError`` when there is none, or it is empty.
    public mutating func nextPath(_ placeholder: String) throws -> FileSystemPath {
        try path(try nextWord(placeholder), placeholder)
    }

    /// Throws a usage ``CommandLineError`` naming the first option or argument nobody took.
    public func finish() throws {
        if let option = options.first {
            throw CommandLineError.usage("unknown option '\(option.name)'")
        }
        if let extra = positionals.first {
            throw CommandLineError.usage("unexpected argument '\(extra.text)'")
        }
    }

    private mutating func optionWord(_ name: String) throws -> Word? {
        let matches = options.filter { $0.name == name }
        options.removeAll { $0.name == name }
        guard let last = matches.last else { return nil }
        guard let value = last.value else { throw CommandLineError.usage("option \(name) needs a value") }
        return value
    }

    private mutating func nextWord(_ placeholder: String) throws -> Word {
        guard positionals.isEmpty else { return positionals.removeFirst() }
        if let number = options.first(where: { $0.value == nil && Int($0.name) != nil }) {
            throw CommandLineError.usage(
                "missing \(placeholder): '\(number.name)' is read as an option; "
                    + "put '--' before it to give it as \(placeholder)")
        }
        throw CommandLineError.usage("missing \(placeholder)")
    }

    private func path(_ word: Word, _ what: String) throws -> FileSystemPath {
        guard let path = FileSystemPath(bytes: word.bytes) else {
            throw CommandLineError.usage("\(what) is an empty path")
        }
        return path
    }
}
