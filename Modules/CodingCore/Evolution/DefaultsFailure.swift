import Foundation

/// Why a type's defaults could not be worked out, kept so each later missing key reports it
/// without encoding the type again.
struct DefaultsFailure: Error, Sendable {
    let reason: String

    /// The outcome of `work`, its error turned into a reason.
    static func catching(_ work: () throws -> TypeDefaults) -> Result<TypeDefaults, DefaultsFailure> {
        do {
            return .success(try work())
        } catch let error as EncodingError {
            guard case let .invalidValue(_, context) = error else { return .failure(Self(reason: "\(error)")) }
            let place = context.codingPath.isEmpty ? "" : " at \(CodingPathDescription.place(context.codingPath))"
            return .failure(Self(reason: "encoding the value failed\(place): \(context.debugDescription)"))
        } catch {
            return .failure(Self(reason: "encoding the value failed: \(error)"))
        }
    }
}
