extension StringProtocol {
    /// The text without the given leading and trailing characters.
    func trimmingCharacters(in set: String) -> String {
        var s = self[...]
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

extension String {
    /// The text without the given leading and trailing (ASCII) characters; the string itself,
    /// without copying, when there is nothing to trim.
    func trimmingCharacters(in set: String) -> String {
        // Ends that are ASCII and not in `set` cannot start or end a character to trim.
        if let f = utf8.first, let l = utf8.last, f < 0x80, l < 0x80, !set.utf8.contains(f), !set.utf8.contains(l) {
            return self
        }
        var text = self
        return text.withUTF8 { Self.trimmedBytes($0, set, whole: self) } ?? self[...].trimmingCharacters(in: set)
    }

    /// ``trimmingCharacters(in:)`` of the text of UTF-8 bytes, made from the bytes kept (no
    /// string of the untrimmed text) where bytes and characters agree: a path's `d` read from
    /// its attribute.
    static func trimming(_ b: UnsafeBufferPointer<UInt8>, in set: String) -> String {
        trimmedBytes(b, set) ?? String(decoding: b, as: UTF8.self).trimmingCharacters(in: set)
    }

    /// The text of `b` trimmed of an ASCII `set` on the bytes (`whole`, when given, for the
    /// untrimmed text), or nil where that could differ from trimming characters: a CR LF among
    /// or next to the bytes trimmed (one character, in no set), or a non-ASCII byte next to them
    /// (a combining mark joins the character before it, a prepended one the character after).
    /// Trimming characters walks the text a grapheme at a time (the path data of a plot, each
    /// ending in a line feed, spent a tenth of its import there).
    private static func trimmedBytes(_ b: UnsafeBufferPointer<UInt8>, _ set: String, whole: String? = nil) -> String? {
        // The set as a mask of the control and space bytes it holds (the only ones any caller
        // trims): `set.utf8.contains` per byte was a generic call of 167 instructions, three a
        // path (4 % of a path-heavy drawing's import).
        var mask: UInt64 = 0
        for x in set.utf8 {
            guard x < 0x40 else { return nil }
            mask |= 1 << UInt64(x)
        }
        func trims(_ x: UInt8) -> Bool { x < 0x40 && mask & (1 << UInt64(x)) != 0 }
        func crlf(at j: Int) -> Bool { j >= 0 && j + 1 < b.count && b[j] == 0x0D && b[j + 1] == 0x0A }
        var lo = 0
        var hi = b.count
        while lo < hi, trims(b[lo]) {
            if crlf(at: lo) { return nil }
            lo += 1
        }
        if lo > 0, lo < hi, b[lo] >= 0x80 { return nil }
        while hi > lo, trims(b[hi - 1]) {
            if crlf(at: hi - 2) { return nil }
            hi -= 1
        }
        if hi < b.count, hi > lo, b[hi - 1] >= 0x80 { return nil }
        if lo == 0 && hi == b.count, let whole { return whole }
        return String(decoding: UnsafeBufferPointer(rebasing: b[lo..<hi]), as: UTF8.self)
    }
}
