import Foundation

extension BaseModel {
    /// Every stored property with a non-`nil` value, by name, values as they are (not converted);
    /// the original's `dictionaryRepresentation`. Includes properties the model does not code.
    public var dictionaryRepresentation: [String: Any] {
        Dictionary(
            ModelProperties(of: self).presentValues.map { ($0.name, $0.value) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The model's coded properties as a property list (binary by default), as the plain
    /// property-list save formats write it.
    public func propertyListRepresentation(format: PropertyListArchiveFormat.Kind = .binary) throws -> Data {
        try PropertyListArchiveFormat(format).encode(self)
    }

    /// The model's coded properties as compact JSON with sorted keys, ISO 8601 UTC dates and
    /// base64 data, as the ``JSONArchiveFormat`` save format writes it.
    public func jsonRepresentation() throws -> Data {
        try JSONArchiveFormat().encode(self)
    }

    /// `<TypeName: 0xADDRESS; key = value; …>` over ``dictionaryRepresentation`` in declaration
    /// order: strings quoted and cut to 15 characters and `…` when longer than 16, numbers and
    /// dates as themselves (booleans as `1`/`0`, as the original showed them), other objects as
    /// `<TypeName: 0xADDRESS>` and other values as `<TypeName>`.
    public var debugDescription: String {
        var text = "<\(Self.typeName): \(Self.address(of: self))"
        for (name, value) in ModelProperties(of: self).presentValues {
            text += "; \(name) = \(Self.debugValue(value))"
        }
        return text + ">"
    }

    /// The coded properties as a property-list dictionary: the tree the mapping overlays and
    /// the user-defaults and secret-store storages save.
    func propertyListTree() throws -> [String: Any] {
        let data = try PropertyListArchiveFormat(.binary).encode(self)
        guard let tree = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
            throw BaseModelError.notKeyed(type: Self.typeName)
        }
        return tree
    }

    private static func debugValue(_ value: Any) -> String {
        switch value {
        case let string as String:
            let shown = string.count > 16 ? string.prefix(15) + "…" : Substring(string)
            return "\"\(shown)\""
        case let flag as Bool:
            return flag ? "1" : "0"
        case is any BinaryInteger, is any BinaryFloatingPoint, is Decimal, is Date:
            return "\(value)"
        default:
            if type(of: value) is AnyClass {
                return "<\(type(of: value)): \(address(of: value as AnyObject))>"
            }
            return "<\(type(of: value))>"
        }
    }

    private static func address(of object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
    }
}
