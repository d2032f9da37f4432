/// The rules that keep active and external content out of every output (Docs/Security.md),
/// shared by the importer, the exporters and the JSON input guard.
public enum MarkupSafety {
    /// Whether an attribute may be written: not an event handler (`on…`) and a safe value.
    public static func isSafeAttribute(_ name: String, _ value: String) -> Bool {
        let local = name.utf8.lastIndex(of: 58).map { name[name.utf8.index(after: $0)...] } ?? Substring(name)
        if local.utf8.count > 2, local.lowercased().hasPrefix("on") { return false }
        return isSafeValue(value)
    }

    /// Whether an `href` (or `src`) stays in the file: `#id` or a `data:image/` URL.
    public static func isInternalReference(_ value: String) -> Bool {
        let v = value.lowercased().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return v.hasPrefix("#") || v.hasPrefix("data:image/")
    }

    /// Whether a value has no `javascript:` or `@import` and every `url(…)` in it points into the
    /// file (`#id`) or is a `data:image/` URL. Cheap for plain values (no `:`, `@` or `(`).
    public static func isSafeValue(_ value: String) -> Bool {
        // Without `:` or `@` only `url(` can be unsafe, and it needs a `(` and a `u`; lowercasing
        // never turns a non-ASCII character into `:`, `@` or `u`, but non-ASCII takes the full path.
        var colonOrAt = false, paren = false, u = false
        for b in value.utf8 {
            switch b {
            case 58, 64: colonOrAt = true
            case 40: paren = true
            case 0x55, 0x75, 0x80...: u = true
            default: continue
            }
        }
        guard colonOrAt || (paren && u) else { return true }
        var chars: [UInt8] = []
        if value.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: lowercasing and dropping whitespace (U+0009…U+000D, space) byte by byte.
            chars.reserveCapacity(value.utf8.count)
            for b in value.utf8 where b != 0x20 && !(b >= 0x09 && b <= 0x0D) {
                chars.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
            }
            if contains(chars, "javascript:") || contains(chars, "@import") { return false }
        } else {
            let squeezed = value.lowercased().filter { !$0.isWhitespace }
            if squeezed.contains("javascript:") || squeezed.contains("@import") { return false }
            chars = Array(squeezed.utf8)
        }
        let url = Array("url(".utf8)
        var i = 0
        while i + url.count <= chars.count {
            guard chars[i..<(i + url.count)].elementsEqual(url) else {
                i += 1
                continue
            }
            var start = i + url.count
            if start < chars.count, chars[start] == 34 || chars[start] == 39 { start += 1 }
            let target = chars[start...].prefix(11)
            guard target.first == 35 || target.elementsEqual("data:image/".utf8) else { return false }
            i = start
        }
        return true
    }

    /// Whether `bytes` contain the ASCII `word`.
    private static func contains(_ bytes: [UInt8], _ word: StaticString) -> Bool {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count >= w.count else { return false }
        for i in 0...(bytes.count - w.count) where bytes[i] == w[0] {
            if bytes[i..<(i + w.count)].elementsEqual(w) { return true }
        }
        return false
    }
}
