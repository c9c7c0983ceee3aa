extension Float {
    /// `double` rounded to the nearest `Float`, or `nil` when a finite `double` lies beyond
    /// `Float`'s range and would become infinity.
    ///
    /// Every kit reads a `Float` stored as a double through this initializer and throws its own
    /// error, naming where, for `nil`, as Foundation's decoders refuse such a number: 1e300
    /// must not come back as infinity. Infinities and NaN were stored as such and carry over;
    /// precision beyond `Float`'s is rounded away, as Foundation's decoders do.
    package init?(archivedDouble double: Double) {
        let float = Float(double)
        guard float.isFinite || !double.isFinite else { return nil }
        self = float
    }
}
