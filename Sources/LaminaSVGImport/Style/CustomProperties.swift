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
    package static func substitute(_ value: String, _ properties: [String: String]) -> String? {
        let key = properties.count <= memoLimit ? MemoKey(text: value, own: [], properties: properties) : nil
        if let key, let known = substitutions.value(key) { return known }
        var budget = Budget()
        var visiting: [String] = []
        let result = substitute(Substring(value), properties, &visiting, &budget)
        if let key { substitutions.remember(key, result) }
        return result
    }

    /// The most properties in scope for which an answer is remembered: a key holds the whole
    /// map, so with thousands in scope each lookup hashed all of them and the memo kept
    /// thousands of copies (a 292 KB file of 5,000 properties over 5,000 elements, each with
    /// one of its own, took 1.1 GB). Real style sheets have a few dozen.
    package static let memoLimit = 256

    /// The custom properties of an element: its parent's (resolved), then its own declarations
    /// (whose values may refer to the others) on top, each resolved; one that fails is left out
    /// (guaranteed-invalid, so a `var()` of it takes its fallback).
    package static func resolve(own: [(name: String, value: String)], inherited: [String: String]) -> [String: String] {
        let key = inherited.count <= memoLimit ? MemoKey(text: "", own: own.flatMap { [$0.name, $0.value] }, properties: inherited) : nil
        if let key, let known = maps.value(key) { return known }
        var raw = inherited
        for (name, value) in own { raw[name] = value }
        var resolved = inherited
        for (name, _) in own {
            var budget = Budget()
            var visiting = [name]
            if let v = raw[name], let r = substitute(Substring(v), raw, &visiting, &budget) { resolved[name] = r } else { resolved[name] = nil }
        }
        if let key { maps.remember(key, resolved) }
        return resolved
    }

    // MARK: - Memo

    /// Elements styled alike (every `rect` of a sheet rule) resolve the same text against the
    /// same properties: the answer is kept, for all threads and documents of the process.
    private struct MemoKey: Hashable, Sendable {
        var text: String
        var own: [String]
        var properties: [String: String]
    }

    private static let substitutions = Memo<String?>()
    private static let maps = Memo<[String: String]>()

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
    }

    // MARK: - Substitution

    private static func substitute(
        _ value: Substring, _ properties: [String: String], _ visiting: inout [String], _ budget: inout Budget
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
