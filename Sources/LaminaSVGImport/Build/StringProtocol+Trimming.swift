extension StringProtocol {
    /// The text without the given leading and trailing characters.
    func trimmingCharacters(in set: String) -> String {
        var s = self[...]
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

extension String {
    /// The text without the given leading and trailing (ASCII) characters; the string itself,
    /// without copying, when there is nothing to trim.
    func trimmingCharacters(in set: String) -> String {
        // Ends that are ASCII and not in `set` cannot start or end a character to trim.
        if let f = utf8.first, let l = utf8.last, f < 0x80, l < 0x80, !set.utf8.contains(f), !set.utf8.contains(l) {
            return self
        }
        return self[...].trimmingCharacters(in: set)
    }
}
