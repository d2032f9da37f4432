import LaminaCore

/// The `lamina:constraints` grammar (SPEC §4):
/// `attr = (superlayer|NAME).attr [* scale] [± offset]`, clauses separated by `;`.
enum ConstraintGrammar {
    /// Why a clause could not be read, in the compiler message style.
    struct Failure: Error {
        var message: String
    }

    /// Parses every clause; the first bad one is an error.
    static func parse(_ text: String, location: SourceLocation?) throws(Failure) -> [Constraint] {
        var out: [Constraint] = []
        for raw in text.split(separator: ";", omittingEmptySubsequences: false) {
            let clause = raw.trimmingCharacters(in: " \t\n\r")
            if clause.isEmpty { continue }
            out.append(try parseClause(clause, location: location))
        }
        return out
    }

    private static func attribute(_ name: Substring) throws(Failure) -> ConstraintAttribute {
        let n = name.trimmingCharacters(in: " \t\n\r")
        guard let a = ConstraintAttribute(rawValue: n) else {
            throw Failure(message: "unknown constraint attribute '\(n)'")
        }
        return a
    }

    private static func parseClause(_ clause: String, location: SourceLocation?) throws(Failure) -> Constraint {
        guard let eq = clause.firstIndex(of: "=") else {
            throw Failure(message: "constraint '\(clause)' has no '='")
        }
        let target = try attribute(clause[..<eq])
        let rhs = clause[clause.index(after: eq)...].trimmingCharacters(in: " \t\n\r")
        var firstUnknown: String?
        for dot in rhs.indices.reversed() where rhs[dot] == "." {
            let source = rhs[..<dot].trimmingCharacters(in: " \t\n\r")
            let after = rhs[rhs.index(after: dot)...]
            let letters = after.prefix { $0.isLetter }
            guard !source.isEmpty, !letters.isEmpty else { continue }
            guard let sourceAttribute = ConstraintAttribute(rawValue: String(letters)) else {
                if firstUnknown == nil { firstUnknown = String(letters) }
                continue
            }
            guard let (scale, offset) = modifiers(after.dropFirst(letters.count)) else { continue }
            return Constraint(
                attribute: target, relativeTo: source, sourceAttribute: sourceAttribute, scale: scale, offset: offset,
                location: location)
        }
        if let firstUnknown { throw Failure(message: "unknown constraint attribute '\(firstUnknown)'") }
        throw Failure(message: "constraint '\(clause)' does not read 'attr = (superlayer|NAME).attr [* scale] [± offset]'")
    }

    /// `[* scale] [+|- offset]` with nothing else.
    private static func modifiers(_ text: Substring) -> (Double, Double)? {
        var rest = text.trimmingCharacters(in: " \t\n\r")[...]
        var scale = 1.0, offset = 0.0
        if rest.first == "*" {
            rest = rest.dropFirst().drop { $0.isWhitespace }
            let number = numberPrefix(rest)
            guard let v = Double(number), v.isFinite else { return nil }
            scale = v
            rest = rest[number.endIndex...].drop { $0.isWhitespace }
        }
        if let sign = rest.first, sign == "+" || sign == "-" {
            let number = rest.dropFirst().trimmingCharacters(in: " \t\n\r")[...]
            guard numberPrefix(number).count == number.count, let v = Double(number), v.isFinite else { return nil }
            offset = sign == "-" ? -v : v
            rest = ""
        }
        return rest.isEmpty ? (scale, offset) : nil
    }

    /// The longest prefix of `s` written as a decimal number: a sign, digits with at most one
    /// point, an exponent (`5e-1`, `2E+3`). Not hexadecimal, `inf` or `nan`, which `Double`
    /// would also read.
    static func numberPrefix(_ s: Substring) -> Substring {
        var i = s.startIndex
        func digits() {
            while i < s.endIndex, s[i].isASCII, s[i].isNumber { i = s.index(after: i) }
        }
        if i < s.endIndex, s[i] == "+" || s[i] == "-" { i = s.index(after: i) }
        digits()
        if i < s.endIndex, s[i] == "." {
            i = s.index(after: i)
            digits()
        }
        if i < s.endIndex, s[i] == "e" || s[i] == "E" {
            var j = s.index(after: i)
            if j < s.endIndex, s[j] == "+" || s[j] == "-" { j = s.index(after: j) }
            if j < s.endIndex, s[j].isASCII, s[j].isNumber {
                i = j
                digits()
            }
        }
        return s[..<i]
    }
}
