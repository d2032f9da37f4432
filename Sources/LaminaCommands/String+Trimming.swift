extension StringProtocol {
    /// The text without leading and trailing white space, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` (tab and space separators) or, with `newlines`,
    /// `.whitespacesAndNewlines` (also line and paragraph separators, U+000A–U+000D and U+0085).
    package func trimmingWhitespace(newlines: Bool = false) -> String {
        func isSpace(_ s: Unicode.Scalar) -> Bool {
            switch s.properties.generalCategory {
            case .spaceSeparator: return true
            case .lineSeparator, .paragraphSeparator: return newlines
            default: return s == "\t" || (newlines && ((0x0A...0x0D).contains(s.value) || s.value == 0x85))
            }
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[first...last])
        return String(out)
    }
}
