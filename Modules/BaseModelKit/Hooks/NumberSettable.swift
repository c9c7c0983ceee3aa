import Foundation

/// A model that ``BaseModel/instance(with:)`` can build from a number or a boolean
/// (`NSNumber`: read it with `intValue`, `doubleValue`, `boolValue` …): the original's `setWithNumber:`.
///
/// The hook runs on a new instance that already has its set-up values and resource defaults;
/// it sets what the value means and may throw to refuse it.
public protocol NumberSettable: BaseModel {
    /// Sets the model's properties from `number`.
    func setWithNumber(_ number: NSNumber) throws
}
