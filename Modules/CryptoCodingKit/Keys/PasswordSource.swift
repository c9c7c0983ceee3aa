/// Where a format gets its password: a fixed string or a provider asked on every use.
///
/// It describes and reflects as `<password>` so that neither `print`, `dump` nor a debugger's
/// summary of a format ever shows the password.
struct PasswordSource: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private enum Storage: Sendable {
        case fixed(String)
        case provider(@Sendable () throws -> String)
    }

    private let storage: Storage

    init(_ password: String) { storage = .fixed(password) }
    init(provider: @escaping @Sendable () throws -> String) { storage = .provider(provider) }

    /// The password now (a provider is asked each time; its errors are rethrown).
    func password() throws -> String {
        switch storage {
        case let .fixed(password): password
        case let .provider(provider): try provider()
        }
    }

    var description: String { "<password>" }
    var debugDescription: String { "<password>" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
