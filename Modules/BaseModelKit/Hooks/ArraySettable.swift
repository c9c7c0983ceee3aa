import Foundation

/// A model that ``BaseModel/instance(with:)`` can build from an array (a property list or
/// JSON array), for example a list built from its items: the original's `setWithArray:`.
///
/// The hook runs on a new instance that already has its set-up values and resource defaults;
/// it sets what the value means and may throw to refuse it.
public protocol ArraySettable: BaseModel {
    /// Sets the model's properties from `array`.
    func setWithArray(_ array: [Any]) throws
}
