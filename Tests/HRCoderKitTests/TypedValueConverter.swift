import ArchiveTestSupport
import Foundation

/// Turns decoded vector models into the expectation scheme, marking shared class instances.
struct TypedValueConverter {
    private var ids: [ObjectIdentifier: Int] = [:]

    /// The typed description of `value`, with `sameAs` pointers for shared instances.
    static func typedValue(of value: VectorValue) -> TypedValue {
        var converter = TypedValueConverter()
        return converter.convert(value).resolvingSharedInstances()
    }

    private mutating func instance(_ object: AnyObject, _ describe: (inout TypedValueConverter) -> TypedValue)
        -> TypedValue
    {
        let key = ObjectIdentifier(object)
        if let id = ids[key] { return .instanceReference(id: id) }
        let id = ids.count
        ids[key] = id
        return .instance(id: id, describe(&self))
    }

    mutating func convert(_ value: VectorValue) -> TypedValue {
        switch value {
        case .null: .null
        case let .bool(flag): .bool(flag)
        case let .number(number): .number(number)
        case let .string(text): .string(text, mutable: false)
        case let .date(date): .date(sinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case let .data(data): .data(data, mutable: false)
        case let .array(items): .array(items.map { convert($0) }, mutable: true)
        case let .dictionary(entries):
            .dictionary(
                entries.sorted { $0.key < $1.key }.map { .init(.string($0.key, mutable: false), convert($0.value)) },
                mutable: true)
        case let .person(person): convert(person)
        case let .address(address): convert(address)
        case let .treeNode(node): convert(node)
        }
    }

    mutating func convert(_ person: Person?) -> TypedValue {
        guard let person else { return .absent }
        return instance(person) { converter in
            var properties: [TypedValue.Property] = []
            if let employee = person as? Employee {
                properties += [
                    .init("employeeId", .number(Double(employee.employeeId))),
                    .init("title", employee.title.map { .string($0, mutable: false) } ?? .absent),
                    .init("salary", .number(employee.salary)),
                    .init("manager", converter.convert(employee.manager)),
                ]
            }
            properties += [
                .init("name", person.name.map { .string($0, mutable: false) } ?? .absent),
                .init("age", .number(Double(person.age))),
                .init("height", .number(person.height)),
                .init("active", .bool(person.active)),
                .init("email", person.email.map { .string($0, mutable: false) } ?? .absent),
                .init("nickname", person.nickname.map { .string($0, mutable: false) } ?? .absent),
                .init(
                    "birthday",
                    person.birthday.map { .date(sinceReferenceDate: $0.timeIntervalSinceReferenceDate) } ?? .absent),
                .init(
                    "tags", person.tags.map { .array($0.map { .string($0, mutable: false) }, mutable: true) } ?? .absent
                ),
                .init("address", converter.convert(person.address)),
                .init("bestFriend", converter.convert(person.bestFriend)),
            ]
            return .object(className: person is Employee ? "Employee" : "Person", properties: properties)
        }
    }

    mutating func convert(_ address: Address?) -> TypedValue {
        guard let address else { return .absent }
        return instance(address) { _ in
            func text(_ value: String?) -> TypedValue { value.map { .string($0, mutable: false) } ?? .absent }
            let zip: TypedValue =
                switch address.zip {
                case let .text(value)?: .string(value, mutable: false)
                case let .bytes(data)?: .data(data, mutable: false)
                case nil: .absent
                }
            return .object(
                className: "Address",
                properties: [
                    .init("street", text(address.street)), .init("city", text(address.city)),
                    .init("zip", zip), .init("country", text(address.country)),
                ])
        }
    }

    mutating func convert(_ node: TreeNode?) -> TypedValue {
        guard let node else { return .absent }
        return instance(node) { converter in
            .object(
                className: "TreeNode",
                properties: [
                    .init("name", node.name.map { .string($0, mutable: false) } ?? .absent),
                    .init("parent", converter.convert(node.parent)),
                    .init(
                        "children",
                        node.children.map { .array($0.map { converter.convert($0) }, mutable: true) } ?? .absent),
                ])
        }
    }
}
