extension CodablePattern.Outcome {
    /// What is wrong with this outcome for a format that must round-trip the pattern or, when
    /// `phrases` is given, refuse it with a message that holds every phrase; `nil` when nothing is.
    public func problem(refusalSaying phrases: [String]?) -> String? {
        guard let phrases else { return self == .roundTripped ? nil : "expected a round trip, got \(self)" }
        guard case .refused(let message) = self else { return "expected a refusal saying \(phrases), got \(self)" }
        let missing = phrases.filter { !message.contains($0) }
        return missing.isEmpty ? nil : "the refusal \"\(message)\" does not say \(missing)"
    }
}
