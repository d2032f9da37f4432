import LaminaCore

/// One-line arrays (`[1, 2]`, `["a", "b"]`) after ``JSONWriter/openInline()``.
extension JSONWriter {
    /// A number inside a one-line array, `, `-separated unless `first`.
    mutating func inlineNumber(_ v: Double, first: Bool = false) {
        var p = room(2 + NumberText.maximumByteCount)
        if !first {
            p[0] = UInt8(ascii: ",")
            p[1] = 0x20
            p += 2
            count += 2
        }
        count += NumberText.write(v, to: p)
    }

    /// A string inside a one-line array, `, `-separated unless `first`.
    mutating func inlineString(_ s: String, first: Bool = false) {
        if !first { raw(", ") }
        appendQuoted(s)
    }

    /// Ends a one-line array: `]`.
    mutating func closeInline() {
        put(UInt8(ascii: "]"))
    }
}
