/// The three kinds of bytes an HRCoder archive can be written as.
public enum HROutputFormat: String, Sendable, CaseIterable {
    /// An Apple XML property list (the original's default): readable and editable text.
    case xml
    /// A binary property list (`bplist00`): compact, still a plain property list.
    case binary
    /// JSON text; dates and data become `{"$class":"NSDate",…}` / `{"$class":"NSData",…}` objects.
    case json
}
