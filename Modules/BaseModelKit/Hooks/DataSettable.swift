import Foundation

/// A model that BaseModel/instance(with:) can build from raw data: the original's `setWithData:`.
///
/// The hook runs on a new instance that already has its set-up values and resource defaults;
/// it sets what the value means and may throw to refuse it.
public protocol DataSettable: BaseModel {
    /// Sets the model's properties from `data`.
    func setWithData(_ data: Data) throws
}
