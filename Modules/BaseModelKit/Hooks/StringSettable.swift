import Foundation

/// A model that ``BaseModel/instance(with:)`` can build from a string, for example an item built from its label:
/// the original's `setWithString:`.
///
/// The hook runs on a new instance that already has its set-up values and resource defaults;
/// it sets what the value means and may throw to refuse it.
public protocol StringSettable: BaseModel {
    /// Sets the model's properties from `string`.
    func setWithString(_ string: String) throws
}
