/// `data:` URLs of embedded images whose media type is missing or not `image/…`.
extension MarkupSafety {
    /// The `data:` URL an embedded image is written with: `href` itself when it is a
    /// `data:image/…` URL; for a base64 `data:` URL with another media type or none
    /// (`data:;base64,…`, as Illustrator and old Inkscape write them; `data:text/plain;base64,…`),
    /// the same bytes as `data:image/png`, `jpeg`, `gif` or `webp` when they start as such an
    /// image does, since browsers and resvg draw those by their bytes; nil for anything else (an
    /// external reference, `data:text/html`, text that is not a raster image), which is dropped.
    /// Only `data:image/` URLs ever reach an output, so the safety rules stay as they are.
    public static func imageDataURL(_ href: String) -> String? {
        let v = href.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let head = v.prefix(11).lowercased()
        if head.hasPrefix("data:image/") { return String(v) }
        guard head.hasPrefix("data:"), let comma = v.firstIndex(of: ",") else { return nil }
        // The header: a media type (perhaps none, perhaps after spaces) and `;base64`.
        let header = v[v.index(v.startIndex, offsetBy: 5)..<comma].lowercased().filter { !$0.isWhitespace }
        if header.hasPrefix("image/") { return "data:" + header + v[comma...] }
        guard header.hasSuffix(";base64") || header == "base64" else { return nil }
        let payload = v[v.index(after: comma)...]
        guard let kind = rasterKind(of: leadingBytes(ofBase64: payload)) else { return nil }
        return "data:image/\(kind);base64," + payload
    }

    /// The first bytes (up to 12) of base64 text, spaces skipped; fewer when it is shorter or
    /// holds a character that is not base64.
    static func leadingBytes(ofBase64 text: Substring) -> [UInt8] {
        var bits: UInt32 = 0, count = 0
        var out: [UInt8] = []
        for c in text.utf8 {
            let d: UInt8
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): d = c - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): d = c - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): d = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): d = 63
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return out
            }
            bits = bits << 6 | UInt32(d)
            count += 6
            if count >= 8 {
                count -= 8
                out.append(UInt8(truncatingIfNeeded: bits >> UInt32(count)))
                if out.count == 12 { return out }
            }
        }
        return out
    }

    /// `png`, `jpeg`, `gif` or `webp` when `bytes` start as that format's files do; else nil.
    static func rasterKind(of b: [UInt8]) -> String? {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpeg" }
        if b.starts(with: Array("GIF8".utf8)) { return "gif" }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return "webp" }
        return nil
    }
}
