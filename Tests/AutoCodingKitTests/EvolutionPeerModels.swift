import AutoCodingKit
import Foundation

// Later versions of models whose archives Apple's NSKeyedArchiver wrote: each has a property
// more than the archive holds, so decoding takes its default.

/// ``PeerPerson`` as a later version declares it, under the same class name: a level more.
final class EvolvingPeerRecord: Evolvable {
    var name = ""
    var age = 0
    var birthday = Date(timeIntervalSinceReferenceDate: 0)
    var tags: [String] = []
    var photo = Data()
    var friend: EvolvingPeerRecord?
    /// Added: not in any archive `PeerPerson` wrote.
    var level = 3

    init() {}
}

/// ``PeerPerson`` after most of its properties were removed and one was added.
final class TrimmedPeerRecord: Evolvable {
    var name = ""
    var nickname = "none"

    init() {}
}

/// Apple's `NSValue` holding a range (`range_test`), with a label more.
struct EvolvedRangeValue: Evolvable {
    var location = 0
    var length = 0
    var special = 0
    var label = "range"

    enum CodingKeys: String, CodingKey {
        case location = "NS.rangeval.location"
        case length = "NS.rangeval.length"
        case special = "NS.special"
        case label
    }

    init() {}
}

/// Apple's `NSNotification` (`notification_test`), with a sender more.
struct EvolvedNotification: Evolvable {
    var name = ""
    var object = ""
    var userInfo: [String: String] = [:]
    var sender = "unknown"

    enum CodingKeys: String, CodingKey {
        case name = "NS.name"
        case object = "NS.object"
        case userInfo = "NS.userinfo"
        case sender
    }

    init() {}
}

/// Apple's `NSMeasurement` (`measurement_length`): a class unit and a struct converter nested
/// in it, each with a property more.
struct EvolvedMeasurement: Evolvable {
    var value = 0.0
    var unit = EvolvedUnit()
    var precision = 2

    enum CodingKeys: String, CodingKey {
        case value = "NS.value"
        case unit = "NS.unit"
        case precision
    }

    init() {}
}

/// Apple's `NSUnitLength`, registered under that name.
final class EvolvedUnit: Evolvable {
    var symbol = ""
    var specifier = 0
    var converter = EvolvedConverter()
    var plural = "units"

    enum CodingKeys: String, CodingKey {
        case symbol = "NS.symbol"
        case specifier = "NS.specifier"
        case converter = "NS.converter"
        case plural
    }

    init() {}
}

/// Apple's `NSUnitConverterLinear`.
struct EvolvedConverter: Evolvable {
    var coefficient = 1.0
    var constant = 0.0
    var rounding = "none"

    enum CodingKeys: String, CodingKey {
        case coefficient = "NS.coefficient"
        case constant = "NS.constant"
        case rounding
    }

    init() {}
}

/// Apple's `NSDictionary` of `complex_test`, read as a model: its `array` entry is a key the
/// model no longer has.
struct EvolvedComplexRoot: Evolvable {
    var string = ""
    var url = URL(fileURLWithPath: "/")
    var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var count = 7

    init() {}
}

/// Apple's `NSByteCountFormatter` with every setting at its default (`byte_count_formatter_default`,
/// an object without keys), as a model with one setting.
struct EvolvedByteCountFormatter: Evolvable {
    var allowsNonnumericFormatting = true

    init() {}
}

/// Any archived object or dictionary, read as a model: the keys it holds, and a key no archive
/// holds, which takes its default.
struct EvolvedArchivedObject: Evolvable {
    var keys: [String] = []
    var revision = 2

    init() {}

    /// Any key by name.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        keys = container.allKeys.map(\.stringValue)
        revision = try container.decode(Int.self, forKey: Key(stringValue: "revision"))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(revision, forKey: Key(stringValue: "revision"))
    }
}
