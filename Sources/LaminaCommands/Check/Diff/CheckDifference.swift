import LaminaGeometry

/// One difference found by a structural diff: where, which key or attribute, old and new value.
package struct CheckDifference: Sendable, Hashable {
    /// What was compared, e.g. `layer "face/#2"` or `drawable 3 <rect> (layer "face")`.
    package var location: String
    /// The key or attribute, e.g. `key "bounds"` or `attribute "x"`; empty when the location says all.
    package var label: String
    /// The golden's value, `nil` when absent.
    package var old: String?
    /// The regenerated value, `nil` when absent.
    package var new: String?
    /// Whether every number differs by at most the tolerance (reported, but passes).
    package var withinTolerance: Bool

    /// Creates a difference; long values are shortened together so that the shown parts differ
    /// (``CheckTolerance/clipPair(_:_:max:)``).
    package init(location: String, label: String, old: String?, new: String?, withinTolerance: Bool = false) {
        self.location = location
        self.label = label
        (self.old, self.new) = CheckTolerance.clipPair(old, new)
        self.withinTolerance = withinTolerance
    }

    /// One printable line: `LOCATION LABEL: OLD -> NEW`.
    package var line: String {
        var s = location
        if !label.isEmpty { s += " " + label }
        s += ": " + (old ?? "(absent)") + " -> " + (new ?? "(absent)")
        if withinTolerance { s += " (within tolerance)" }
        return s
    }
}

/// The outcome of comparing a golden with the regenerated output.
package struct StructuralDiff: Sendable, Hashable {
    /// The differences to show (at most `limit` of each sort), in document order.
    package var differences: [CheckDifference] = []
    /// How many differences exceed the tolerance, including those not kept.
    package var mismatchCount = 0
    /// How many differences are within the tolerance, including those not kept.
    package var toleranceCount = 0

    /// How many differences of each sort are kept for printing.
    package static let limit = 25

    /// Creates an empty diff.
    package init() {}

    /// Records a difference, keeping at most `limit` of each sort.
    package mutating func add(_ d: CheckDifference) {
        if d.withinTolerance {
            toleranceCount += 1
            if toleranceCount <= Self.limit { differences.append(d) }
        } else {
            mismatchCount += 1
            if mismatchCount <= Self.limit { differences.append(d) }
        }
    }

    /// Counts a difference and builds it only when it is kept (building may walk deep paths).
    package mutating func add(tolerant: Bool, _ make: () -> CheckDifference) {
        let kept = tolerant ? toleranceCount < Self.limit : mismatchCount < Self.limit
        if kept {
            add(make())
        } else if tolerant {
            toleranceCount += 1
        } else {
            mismatchCount += 1
        }
    }

    /// The printable lines, with a closing count of those left out.
    package var lines: [String] {
        var out = differences.map(\.line)
        let hidden = max(0, mismatchCount - Self.limit) + max(0, toleranceCount - Self.limit)
        if hidden > 0 { out.append("... and \(hidden) more difference\(hidden == 1 ? "" : "s")") }
        return out
    }
}

/// Numeric tolerance shared by the JSON and SVG diffs.
enum CheckTolerance {
    /// Whether `a` and `b` are within `tolerance` of each other.
    static func within(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
        abs(a - b) <= tolerance
    }

    /// Shortens `text` to about `max` characters for a diff line.
    static func clip(_ text: String, max: Int = 120) -> String {
        guard text.count > max else { return text }
        return String(text.prefix(max)) + "…"
    }

    /// Shortens an old and a new value for a diff line. Both keep their first `max` characters
    /// when those differ; when the difference lies further on (a long path `d` changed near its
    /// end), both are cut from a little before their first differing character instead, with
    /// `…` on each cut side: cut at the start alike, the two printed the same text.
    static func clipPair(_ old: String?, _ new: String?, max: Int = 120) -> (String?, String?) {
        guard let old, let new else { return (old.map { clip($0, max: max) }, new.map { clip($0, max: max) }) }
        let a = clip(old, max: max)
        let b = clip(new, max: max)
        guard a == b, old != new else { return (a, b) }
        // The first differing byte, at the start of its character; the common prefix is the
        // same bytes in both, so the same offset cuts both alike.
        var offset = 0
        for (x, y) in zip(old.utf8, new.utf8) {
            if x != y { break }
            offset += 1
        }
        let lead = max / 4
        let differs = old.utf8.index(old.utf8.startIndex, offsetBy: offset)
        let from = old.index(differs, offsetBy: -lead, limitedBy: old.startIndex) ?? old.startIndex
        let skip = old.utf8.distance(from: old.utf8.startIndex, to: from)
        func window(_ text: String) -> String {
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: skip)
            let end = text.index(start, offsetBy: max, limitedBy: text.endIndex) ?? text.endIndex
            return (skip > 0 ? "…" : "") + String(text[start..<end]) + (end < text.endIndex ? "…" : "")
        }
        return (window(old), window(new))
    }

    /// `value` as text through the project's number formatter.
    static func number(_ value: Double) -> String { NumberText.format(value) }
}
