/// CSS custom properties (`--name: value`, inherited) and `var(--name[, fallback])`
/// substitution (CSS Variables 1), as browsers resolve them at computed-value time.
///
/// Names are compared lower-cased (the cascade lower-cases declaration names). A reference to
/// an unknown property without a fallback, a cycle, or a result past ``maximumLength`` makes
/// the value invalid at computed-value time: the property then acts as `unset`.
package enum CustomProperties {
    /// The longest value a substitution may produce (nested references can grow
    /// exponentially; browsers cap them too).
    static let maximumLength = 65_536

    /// Whether `value` holds a `var(` (ASCII case-insensitive).
    package static func referencesVariables(_ value: String) -> Bool {
        var u = value.utf8.makeIterator()
        var last3: (UInt8, UInt8, UInt8) = (0, 0, 0)
        while let c = u.next() {
            if c == UInt8(ascii: "("), last3.0 | 0x20 == UInt8(ascii: "v"), last3.1 | 0x20 == UInt8(ascii: "a"),
                last3.2 | 0x20 == UInt8(ascii: "r")
            {
                return true
            }
            last3 = (last3.1, last3.2, c)
        }
        return false
    }

    /// `value` with every `var()` replaced from `properties`; nil when invalid.
    package static func substitute(_ value: String, _ properties: [String: String]) -> String? {
        var budget = Budget()
        return substitute(Substring(value), properties, depth: 0, budget: &budget)
    }

    /// Bounds on one substitution: bytes produced and references followed (a chain of
    /// references that fails deep down must not be retried exponentially often).
    private struct Budget {
        var bytes = maximumLength
        var steps = 4_096
    }

    private static func substitute(_ value: Substring, _ properties: [String: String], depth: Int, budget: inout Budget) -> String? {
        budget.steps -= 1
        guard depth < 32, budget.steps >= 0 else { return nil }
        var out = ""
        var rest = value
        while let start = varStart(in: rest) {
            out += rest[..<start]
            let open = rest.index(start, offsetBy: 4)
            // The matching `)`.
            var level = 1
            var i = open
            while i < rest.endIndex, level > 0 {
                if rest[i] == "(" { level += 1 } else if rest[i] == ")" { level -= 1 }
                if level > 0 { i = rest.index(after: i) }
            }
            guard i < rest.endIndex else { return nil }
            let inside = rest[open..<i]
            let comma = inside.firstIndex(of: ",")
            let name = (comma.map { inside[..<$0] } ?? inside).trimmingCSSSpaces().lowercased()
            guard name.hasPrefix("--"), name.count > 2 else { return nil }
            let replacement: String
            if let v = properties[name] {
                guard let r = substitute(Substring(v), properties, depth: depth + 1, budget: &budget) else { return nil }
                replacement = r
            } else if let comma {
                guard let r = substitute(inside[inside.index(after: comma)...], properties, depth: depth + 1, budget: &budget) else {
                    return nil
                }
                replacement = r
            } else {
                return nil
            }
            budget.bytes -= replacement.utf8.count
            guard budget.bytes >= 0 else { return nil }
            out += replacement
            rest = rest[rest.index(after: i)...]
        }
        out += rest
        let trimmed = out[...].trimmingCSSSpaces()
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// Where the first `var(` starts, if any.
    private static func varStart(in s: Substring) -> Substring.Index? {
        var i = s.startIndex
        while let p = s[i...].firstIndex(of: "(") {
            if s.distance(from: s.startIndex, to: p) >= 3 {
                let start = s.index(p, offsetBy: -3)
                if s[start..<p].lowercased() == "var" { return start }
            }
            i = s.index(after: p)
        }
        return nil
    }

    /// The custom properties of an element: its parent's, then its own declarations (whose
    /// values may refer to the others) on top.
    package static func resolve(own: [(name: String, value: String)], inherited: [String: String]) -> [String: String] {
        var raw = inherited
        for (name, value) in own { raw[name] = value }
        var resolved = inherited
        for (name, _) in own {
            // A cycle or a missing reference makes the property invalid: guaranteed-invalid,
            // so it is left out (a `var()` of it then takes its fallback).
            var others = raw
            others[name] = nil
            if let v = raw[name], let r = substitute(v, others) { resolved[name] = r } else { resolved[name] = nil }
        }
        return resolved
    }
}
