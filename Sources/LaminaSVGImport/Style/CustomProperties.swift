#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CSS custom properties (`--name: value`, inherited) and `var(--name[, fallback])`
/// substitution (CSS Variables 1), as browsers resolve them at computed-value time.
///
/// Names are compared lower-cased (the cascade lower-cases declaration names). A reference to
/// an unknown property without a fallback, a cycle, or a substitution past its ``Budget``
/// makes the value invalid at computed-value time: the property then acts as `unset`.
package enum CustomProperties {
    /// What one substitution may cost: bytes produced and references followed. References can
    /// nest and repeat, so without a bound a few hundred bytes of CSS cost exponential time per
    /// element (browsers cap them too); real CSS follows a handful.
    package struct Budget {
        var bytes = 16_384
        var steps = 64
        package init() {}
    }

    /// Whether `value` holds a `var(` (ASCII case-insensitive).
    package static func referencesVariables(_ value: String) -> Bool {
        value.utf8.withContiguousStorageIfAvailable(referencesVariables(bytes:)) ?? referencesVariables(bytes: Array(value.utf8))
    }

    /// ``referencesVariables(_:)`` of UTF-8 bytes.
    static func referencesVariables<C: Collection<UInt8>>(bytes: C) -> Bool {
        var last3: (UInt8, UInt8, UInt8) = (0, 0, 0)
        for c in bytes {
            if c == UInt8(ascii: "("), last3.0 | 0x20 == UInt8(ascii: "v"), last3.1 | 0x20 == UInt8(ascii: "a"),
                last3.2 | 0x20 == UInt8(ascii: "r")
            {
                return true
            }
            last3 = (last3.1, last3.2, c)
        }
        return false
    }

    /// `value` with every `var()` replaced from `properties` (whose values may hold `var()`s
    /// themselves); nil when invalid, cyclic or past a fresh budget.
    package static func substitute(_ value: String, _ properties: CustomPropertyMap) -> String? {
        let key = MemoKey(text: value, own: [], properties: properties)
        if let known = substitutions.value(key) { return known }
        var budget = Budget()
        var visiting: [String] = []
        let result = substitute(Substring(value), Scope(inherited: properties), &visiting, &budget)
        substitutions.remember(key, result)
        return result
    }

    /// The same, the properties given as a dictionary.
    package static func substitute(_ value: String, _ properties: [String: String]) -> String? {
        substitute(value, CustomPropertyMap(properties))
    }

    /// The custom properties of an element: its parent's (resolved), then its own declarations
    /// (whose values may refer to the others) on top, each resolved; one that fails is left out
    /// (guaranteed-invalid, so a `var()` of it takes its fallback). The map shares the parent's
    /// storage but for the names declared here.
    package static func resolve(own: [(name: String, value: String)], inherited: CustomPropertyMap) -> CustomPropertyMap {
        let key = MemoKey(text: "", own: own.flatMap { [$0.name, $0.value] }, properties: inherited)
        if let known = maps.value(key) { return known }
        var raw = Scope(inherited: inherited)
        for (name, value) in own {
            switch WideKeyword(value) {
            case .initial?: raw.own[name] = nil; raw.invalid.insert(name)
            case .inherit?: raw.own[name] = nil; raw.invalid.remove(name)
            case nil: raw.own[name] = value; raw.invalid.remove(name)
            }
        }
        var resolved = inherited
        for (name, value) in own {
            switch WideKeyword(value) {
            case .initial?: resolved[name] = nil
            case .inherit?: resolved[name] = inherited[name]
            case nil:
                var budget = Budget()
                var visiting = [name]
                if let v = raw.own[name], let r = substitute(Substring(v), raw, &visiting, &budget) { resolved[name] = r } else { resolved[name] = nil }
            }
        }
        maps.remember(key, resolved)
        return resolved
    }

    // MARK: - Memo

    /// Elements styled alike (every `rect` of a sheet rule) resolve the same text against the
    /// same properties: the answer is kept, for all threads and documents of the process. A
    /// key holds the properties' storage and compares it by identity (in constant time
    /// however many are in scope): children of one parent share it, and so do elements whose
    /// own declarations resolved to a remembered map.
    private struct MemoKey: Hashable, Sendable {
        var text: String
        var own: [String]
        var properties: CustomPropertyMap

        static func == (l: MemoKey, r: MemoKey) -> Bool {
            l.text == r.text && l.own == r.own && l.properties.isIdentical(to: r.properties)
        }

        func hash(into h: inout Hasher) {
            h.combine(text)
            h.combine(own)
            h.combine(properties.identity)
        }
    }

    private static let substitutions = Memo<String?>()
    private static let maps = Memo<CustomPropertyMap>()

    /// Drops the remembered answers, as an import starts: their keys keep maps alive, which
    /// cost nothing while their document is imported (its styles hold them) but would keep
    /// the maps of documents done with (a process converting many files of thousands of
    /// properties each). Another import running meanwhile only computes again.
    static func forgetAnswers() {
        substitutions.removeAll()
        maps.removeAll()
    }

    /// Answers behind a lock (both import threads compute styles). Past 4,096 answers it
    /// starts again: a document of unique styles gains nothing from it, and memory stays
    /// bounded. (A pthread mutex: `Synchronization.Mutex` needs macOS 15, and this module
    /// does without Foundation.)
    private final class Memo<V: Sendable>: @unchecked Sendable {
        private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
            let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
            pthread_mutex_init(m, nil)
            return m
        }()
        private var answers: [MemoKey: V] = [:]

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        func value(_ key: MemoKey) -> V? {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return answers[key]
        }

        func remember(_ key: MemoKey, _ value: V) {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            if answers.count >= 4_096 { answers.removeAll(keepingCapacity: true) }
            answers[key] = value
        }

        func removeAll() {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            answers.removeAll()
        }
    }

    // MARK: - Substitution

    /// What `var()` reads while an element's own declarations resolve: their values as
    /// written, over the inherited (resolved) ones; a dictionary, since it lives only as long.
    private struct Scope {
        var own: [String: String] = [:]
        /// Names declared `initial` here: guaranteed-invalid, whatever is inherited.
        var invalid: Set<String> = []
        let inherited: CustomPropertyMap

        subscript(name: String) -> String? {
            if !own.isEmpty, let v = own[name] { return v }
            if !invalid.isEmpty, invalid.contains(name) { return nil }
            return inherited[name]
        }
    }

    /// A custom property declared with a CSS-wide keyword (CSS Variables §2, Cascade §7.3), as
    /// browsers read it: `initial` makes it guaranteed-invalid (a `var()` of it takes its
    /// fallback); `inherit`, `unset`, `revert` and `revert-layer` give it the parent's value
    /// (custom properties inherit, and no user-agent sheet declares them).
    private enum WideKeyword {
        case initial, inherit

        init?(_ value: String) {
            let v = value.trimmingCharacters(in: " \t\n\r\u{0C}")
            if let k = ComputedStyle.cascadeKeyword(v) {
                self = k == "initial" ? .initial : .inherit
                return
            }
            // The cascade's own keywords, and the two that roll back to other origins (no
            // user-agent or user sheet declares a custom property, so they inherit too).
            guard v.utf8.count >= 6, v.utf8.count <= 12 else { return nil }
            switch v.lowercased() {
            case "revert", "revert-layer": self = .inherit
            default: return nil
            }
        }
    }

    private static func substitute(
        _ value: Substring, _ properties: Scope, _ visiting: inout [String], _ budget: inout Budget
    ) -> String? {
        budget.steps -= 1
        guard budget.steps >= 0, visiting.count < 32 else { return nil }
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
            if !visiting.contains(name), let v = properties[name] {
                visiting.append(name)
                let r = substitute(Substring(v), properties, &visiting, &budget)
                visiting.removeLast()
                guard let r else { return nil }
                replacement = r
            } else if visiting.contains(name) {
                return nil  // a cycle: invalid, fallback or not
            } else if let comma {
                guard let r = substitute(inside[inside.index(after: comma)...], properties, &visiting, &budget) else { return nil }
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
}
