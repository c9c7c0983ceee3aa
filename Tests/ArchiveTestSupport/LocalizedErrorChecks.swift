import Foundation

/// Checks that errors read well where a caller usually reads them: `error.localizedDescription`
/// in a `catch` block, where the error is an `any Error`.
///
/// A type that does not adopt `LocalizedError` gets Foundation's generic text there ("The
/// operation could not be completed. (Kit.SomeError error 3.)"), which names neither the
/// problem nor the place.
public enum LocalizedErrorChecks {
    /// The errors among `errors` whose `localizedDescription` does not contain their own
    /// `description`, each as "description → localizedDescription"; empty when all read well.
    public static func unreadable<E: Error & CustomStringConvertible>(_ errors: [E]) -> [String] {
        errors.compactMap { error in
            let caught: any Error = error
            let localized = caught.localizedDescription
            return localized.contains(error.description) ? nil : "\(error.description) → \(localized)"
        }
    }

    /// The `localizedDescription` of the error `body` throws, as a `catch` block reads it, or
    /// `nil` when `body` throws nothing.
    public static func localizedDescription(thrownBy body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return error.localizedDescription
        }
    }
}
