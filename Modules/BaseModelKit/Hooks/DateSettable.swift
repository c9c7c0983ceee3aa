import Foundation

/// A model that BaseModel/instance(with:) can build from a date: the original's `setWithDate:`.
///
/// The hook runs on a new instance that already has its set-up values and resource defaults;
/// it sets what the value means and may throw to refuse it.
public protocol DateSettable: BaseModel {
    /// Sets the model's properties from `date`.
    func setWithDate(_ date: Date) throws
}
