/// The key names the coders give a meaning of their own.
enum KeyNames {
    /// The key of the value `superEncoder()` writes and `superDecoder()` reads, as Foundation's
    /// coders name it.
    static let superValue = "super"

    /// The one key of a class instance that codes itself through a single-value or unkeyed
    /// container: it is written as an object of its class whose `$value` holds that value or list.
    ///
    /// Objects are what the format keeps identity for (later occurrences are object aliases), so
    /// the instance stays one instance however often it is met. The original FastCoder reads such
    /// an object as an instance of the class, or, without such a class, as the dictionary
    /// `{"$class": name, "$value": value}`, which it writes back as the same object.
    static let wrappedValue = "$value"
}
