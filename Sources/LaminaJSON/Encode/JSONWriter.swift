import LaminaCore

/// Appends pretty-printed JSON to one string: objects and arrays of objects one entry per
/// line with a 2-space indent, short arrays of numbers or strings on one line.
///
/// Indentation stops growing after ``maxIndentLevel`` levels so that very deep trees stay
/// linear in size.
struct JSONWriter {
    /// The deepest level that still adds indentation.
    static let maxIndentLevel = 100
    private static let indents: [String] = (0...maxIndentLevel).map { String(repeating: "  ", count: $0) }

    private(set) var out = ""
    /// Open containers: bit 0 set for an array, bit 1 once it has an entry.
    private var containers: [UInt8] = []
    private var afterKey = false

    /// The finished text with its final newline.
    mutating func finish() -> String {
        out += "\n"
        return out
    }

    private mutating func newline(_ level: Int) {
        out += "\n"
        out += Self.indents[min(level, Self.maxIndentLevel)]
    }

    /// Starts an entry of the innermost container: separator, newline, indent.
    private mutating func beginEntry() {
        guard let last = containers.last else { return }
        if last & 2 != 0 { out += "," }
        containers[containers.count - 1] = last | 2
        newline(containers.count)
    }

    /// Called before any value: after a key nothing, in an array a new entry.
    private mutating func beginValue() {
        if afterKey {
            afterKey = false
        } else if let last = containers.last, last & 1 != 0 {
            beginEntry()
        }
    }

    /// Writes `"key": ` as a new entry of the current object (`key` is escaped).
    mutating func key(_ key: String) {
        beginEntry()
        appendQuoted(key)
        out += ": "
        afterKey = true
    }

    mutating func openObject() {
        beginValue()
        out += "{"
        containers.append(0)
    }

    mutating func openArray() {
        beginValue()
        out += "["
        containers.append(1)
    }

    /// Closes the innermost object or array.
    mutating func close() {
        let c = containers.removeLast()
        if c & 2 != 0 { newline(containers.count) }
        out += c & 1 != 0 ? "]" : "}"
    }

    mutating func string(_ s: String) {
        beginValue()
        appendQuoted(s)
    }

    mutating func number(_ v: Double) {
        beginValue()
        NumberText.append(v, to: &out)
    }

    mutating func bool(_ v: Bool) {
        beginValue()
        out += v ? "true" : "false"
    }

    /// `[1, 2, 3]` on one line.
    mutating func inlineNumbers(_ values: [Double]) {
        beginValue()
        out += "["
        for (i, v) in values.enumerated() {
            if i > 0 { out += ", " }
            NumberText.append(v, to: &out)
        }
        out += "]"
    }

    /// `["a", "b"]` on one line.
    mutating func inlineStrings(_ values: [String]) {
        beginValue()
        out += "["
        for (i, v) in values.enumerated() {
            if i > 0 { out += ", " }
            appendQuoted(v)
        }
        out += "]"
    }

    /// A JSON string literal: `"` `\` and control characters escaped, everything else as is.
    private mutating func appendQuoted(_ s: String) {
        out += "\""
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += s
        } else {
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{08}": out += "\\b"
                case "\u{0C}": out += "\\f"
                default:
                    if u.value < 0x20 {
                        out += "\\u00"
                        out += u.value < 0x10 ? "0" : "1"
                        out += String(u.value & 0xF, radix: 16)
                    } else {
                        out.unicodeScalars.append(u)
                    }
                }
            }
        }
        out += "\""
    }
}
