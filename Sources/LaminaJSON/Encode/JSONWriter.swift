import LaminaCore

/// Appends pretty-printed JSON bytes to one buffer: objects and arrays of objects one entry
/// per line with a 2-space indent, arrays of numbers or strings on one line.
///
/// Indentation stops growing after ``maxIndentLevel`` levels so that very deep trees stay
/// linear in size.
struct JSONWriter {
    /// The deepest level that still adds indentation.
    static let maxIndentLevel = 100
    private static let spaces = [UInt8](repeating: 0x20, count: 2 * maxIndentLevel)

    private(set) var out: [UInt8] = []
    /// Open containers: bit 0 set for an array, bit 1 once it has an entry.
    private var containers: [UInt8] = []
    private var afterKey = false

    /// The finished text with its final newline.
    mutating func finish() -> [UInt8] {
        out.append(0x0A)
        return out
    }

    private mutating func newline(_ level: Int) {
        out.append(0x0A)
        out.append(contentsOf: Self.spaces[0..<(2 * min(level, Self.maxIndentLevel))])
    }

    /// Appends the bytes of a literal.
    private mutating func raw(_ s: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Starts an entry of the innermost container: separator, newline, indent.
    private mutating func beginEntry() {
        guard let last = containers.last else { return }
        if last & 2 != 0 { out.append(UInt8(ascii: ",")) }
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

    /// Writes `"key": ` as a new entry of the current object (a plain ASCII literal).
    mutating func key(_ key: StaticString) {
        beginEntry()
        out.append(UInt8(ascii: "\""))
        raw(key)
        raw("\": ")
        afterKey = true
    }

    /// Writes `"key": ` for a key that needs escaping (resource ids).
    mutating func key(escaping key: String) {
        beginEntry()
        appendQuoted(key)
        raw(": ")
        afterKey = true
    }

    mutating func openObject() {
        beginValue()
        out.append(UInt8(ascii: "{"))
        containers.append(0)
    }

    mutating func openArray() {
        beginValue()
        out.append(UInt8(ascii: "["))
        containers.append(1)
    }

    /// Closes the innermost object or array.
    mutating func close() {
        guard let c = containers.popLast() else { return }
        if c & 2 != 0 { newline(containers.count) }
        out.append(c & 1 != 0 ? UInt8(ascii: "]") : UInt8(ascii: "}"))
    }

    mutating func string(_ s: String) {
        beginValue()
        appendQuoted(s)
    }

    mutating func number(_ v: Double) {
        beginValue()
        appendNumber(v)
    }

    mutating func bool(_ v: Bool) {
        beginValue()
        if v { raw("true") } else { raw("false") }
    }

    /// Starts a one-line array: `[`.
    mutating func openInline() {
        beginValue()
        out.append(UInt8(ascii: "["))
    }

    /// A number inside a one-line array, `, `-separated unless `first`.
    mutating func inlineNumber(_ v: Double, first: Bool = false) {
        if !first { raw(", ") }
        appendNumber(v)
    }

    /// A string inside a one-line array, `, `-separated unless `first`.
    mutating func inlineString(_ s: String, first: Bool = false) {
        if !first { raw(", ") }
        appendQuoted(s)
    }

    /// Ends a one-line array: `]`.
    mutating func closeInline() {
        out.append(UInt8(ascii: "]"))
    }

    private mutating func appendNumber(_ v: Double) {
        NumberText.append(v, toBytes: &out)
    }

    /// A JSON string literal: `"` `\` and control characters escaped, everything else as is.
    private mutating func appendQuoted(_ s: String) {
        out.append(UInt8(ascii: "\""))
        var text = s
        text.withUTF8 { buf in
            var runStart = 0
            for i in 0..<buf.count {
                let b = buf[i]
                guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[runStart..<i]))
                runStart = i + 1
                out.append(UInt8(ascii: "\\"))
                switch b {
                case 0x22, 0x5C: out.append(b)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[runStart..<buf.count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
