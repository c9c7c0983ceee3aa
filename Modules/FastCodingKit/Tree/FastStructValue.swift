/// An `NSValue` struct (chunks `22`–`28`); CGFloat fields are float64 on the wire.
public enum FastStructValue: Equatable, Sendable {
    /// `22` CGPoint/NSPoint.
    case point(x: Double, y: Double)
    /// `23` CGSize/NSSize.
    case size(width: Double, height: Double)
    /// `24` CGRect/NSRect.
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// `25` NSRange (32-bit fields on the wire).
    case range(location: UInt32, length: UInt32)
    /// `26` CGVector.
    case vector(dx: Double, dy: Double)
    /// `27` CGAffineTransform: a, b, c, d, tx, ty.
    case affineTransform([Double])
    /// `28` CATransform3D: m11 … m44, row by row.
    case transform3D([Double])
}
