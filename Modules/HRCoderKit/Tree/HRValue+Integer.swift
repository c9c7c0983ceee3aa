extension HRValue {
    /// The node of an integer of any width: ``integer(_:)`` when it fits `Int64`, else
    /// ``wideInteger(_:)``, so equal numbers always make equal nodes.
    static func integer<T: BinaryInteger>(exactly value: T) -> HRValue {
        if let narrow = Int64(exactly: value) { return .integer(narrow) }
        if let wide = HRWideInteger(exactly: value) { return .wideInteger(wide) }
        // Beyond 128 bits: no type the coding containers pass is this wide.
        return .real(Double(value))
    }
}
