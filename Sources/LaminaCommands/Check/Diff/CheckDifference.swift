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

    /// Creates a difference.
    package init(location: String, label: String, old: String?, new: String?, withinTolerance: Bool = false) {
        self.location = location
        self.label = label
        self.old = old
        self.new = new
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

    /// `value` as text through the project's number formatter.
    static func number(_ value: Double) -> String { NumberText.format(value) }
}
