/// JSON strings: escapes, surrogate pairs and control characters.
extension JSONReader {
    /// Reads a string and returns its (unescaped, valid UTF-8) bytes.
    ///
    /// Without escapes this is a slice of the input; with escapes a fresh buffer.
    mutating func readStringBytes() throws(LayerJSONError) -> ArraySlice<UInt8> {
        guard peek() == UInt8(ascii: "\"") else { throw unexpectedCharacter(expecting: "a string") }
        let start = pos + 1
        var p = start
        let n = bytes.count
        while p < n {
            let b = bytes[p]
            if b == UInt8(ascii: "\"") {
                pos = p + 1
                return bytes[start..<p]
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            p += 1
        }
        pos = p
        if p < n, bytes[p] == UInt8(ascii: "\\") { return try readEscapedRest(from: start) }
        if p < n { throw error(.syntax, "control character in string (write it as an escape)") }
        throw error(.syntax, "unterminated string")
    }

    /// Reads a string as a Swift `String`.
    mutating func readString() throws(LayerJSONError) -> String {
        String(decoding: try readStringBytes(), as: UTF8.self)
    }

    private mutating func readEscapedRest(from start: Int) throws(LayerJSONError) -> ArraySlice<UInt8> {
        var out = Array(bytes[start..<pos])
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                return out[...]
            }
            if b < 0x20 { throw error(.syntax, "control character in string (write it as an escape)") }
            if b != UInt8(ascii: "\\") {
                // The run up to the next quote, backslash or control character, copied whole
                // (a byte at a time, a 6 MB embedded image's markup took 10 ms).
                var end = pos + 1
                while end < bytes.count {
                    let c = bytes[end]
                    if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
                    end += 1
                }
                out.append(contentsOf: bytes[pos..<end])
                pos = end
                continue
            }
            guard pos + 1 < bytes.count else { break }
            let e = bytes[pos + 1]
            pos += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"): try appendUnicodeEscape(to: &out)
            default:
                pos -= 2
                throw error(.syntax, "invalid escape in string")
            }
        }
        throw error(.syntax, "unterminated string")
    }

    /// Decodes `XXXX` (after `\u`), pairing surrogates, and appends the scalar's UTF-8.
    private mutating func appendUnicodeEscape(to out: inout [UInt8]) throws(LayerJSONError) {
        let escapeStart = pos - 2
        var v = try hex4()
        if v >= 0xD800 && v < 0xDC00 {
            guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                throw error(.syntax, "unpaired surrogate in \\u escape", at: escapeStart)
            }
            pos += 2
            let low = try hex4()
            guard low >= 0xDC00 && low < 0xE000 else {
                throw error(.syntax, "unpaired surrogate in \\u escape", at: escapeStart)
            }
            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
        } else if v >= 0xDC00 && v < 0xE000 {
            throw error(.syntax, "unpaired surrogate in \\u escape", at: escapeStart)
        }
        guard let scalar = Unicode.Scalar(v) else { throw error(.syntax, "invalid \\u escape", at: escapeStart) }
        if let encoded = UTF8.encode(scalar) { out.append(contentsOf: encoded) }
    }

    private mutating func hex4() throws(LayerJSONError) -> UInt32 {
        guard pos + 4 <= bytes.count else { throw error(.syntax, "unterminated string") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[pos]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw error(.syntax, "invalid \\u escape")
            }
            v = v << 4 | UInt32(d)
            pos += 1
        }
        return v
    }
}
