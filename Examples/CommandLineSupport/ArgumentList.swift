/// The arguments of one command line, taken apart by the program that knows what it
/// accepts: flags and options (anywhere on the line), then positional arguments in order,
/// then ``finish()`` to reject anything left over.
///
/// Options are `--name VALUE` or `--name=VALUE` and must be declared up front, so a flag
/// is never mistaken for an option swallowing the next word. `--` ends options (later
/// arguments are positional even when they start with `-`); a lone `-` is positional.
///
/// ```swift
/// var arguments = ArgumentList(["--service", "mail", "get", "token"], optionsWithValues: ["--service"])
/// let service = try arguments.option("--service") ?? "default"
/// let command = try arguments.next("COMMAND")   // "get"
/// let key = try arguments.next("KEY")           // "token"
/// try arguments.finish()
/// ```
public struct ArgumentList: Sendable {
    private var options: [(name: String, value: String?)]
    private var positionals: [String]

    /// The arguments after the program name (`CommandLine.arguments.dropFirst()`).
    ///
    /// - Parameter optionsWithValues: the names (e.g. `"--service"`) that take a value.
    public init(_ arguments: some Sequence<String>, optionsWithValues: Set<String> = []) {
        var options: [(name: String, value: String?)] = []
        var positionals: [String] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--" {
                while let rest = iterator.next() { positionals.append(rest) }
            } else if argument.hasPrefix("-"), argument != "-" {
                if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                    options.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
                } else if optionsWithValues.contains(argument) {
                    options.append((argument, iterator.next()))
                } else {
                    options.append((argument, nil))
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
        let matches = options.filter { $0.name == name }
        options.removeAll { $0.name == name }
        guard let last = matches.last else { return nil }
        guard let value = last.value else { throw CommandLineError.usage("option \(name) needs a value") }
        return value
    }

    /// The next positional argument, or `nil` when there is none.
    public mutating func nextIfPresent() -> String? {
        positionals.isEmpty ? nil : positionals.removeFirst()
    }

    /// The next positional argument.
    ///
    /// - Throws: a usage ``CommandLineError`` "missing PLACEHOLDER" when there is none (and,
    ///   when a negative number such as `-1` was read as an option, how to give it instead).
    public mutating func next(_ placeholder: String) throws -> String {
        guard let value = nextIfPresent() else {
            if let number = options.first(where: { $0.value == nil && Int($0.name) != nil }) {
                throw CommandLineError.usage(
                    "missing \(placeholder): '\(number.name)' is read as an option; "
                        + "put '--' before it to give it as \(placeholder)")
            }
            throw CommandLineError.usage("missing \(placeholder)")
        }
        return value
    }

    /// Throws a usage ``CommandLineError`` naming the first option or argument nobody took.
    public func finish() throws {
        if let option = options.first {
            throw CommandLineError.usage("unknown option '\(option.name)'")
        }
        if let extra = positionals.first {
            throw CommandLineError.usage("unexpected argument '\(extra)'")
        }
    }
}
