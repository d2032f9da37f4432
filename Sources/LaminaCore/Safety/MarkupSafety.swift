/// The rules that keep active and external content out of every output (Docs/Security.md),
/// shared by the importer, the exporters and the JSON input guard.
public enum MarkupSafety {
    /// Whether an attribute may be written: not an event handler (`on…`) and a safe value.
    public static func isSafeAttribute(_ name: String, _ value: String) -> Bool {
        attributeProblem(name, value) == nil
    }

    /// Why an attribute may not be written (`event attribute`, `external reference`,
    /// `unsafe value`), or nil when it may: an `href` or `src` (after any prefix) must stay in
    /// the file (``isInternalReference(_:)``).
    public static func attributeProblem(_ name: String, _ value: String) -> String? {
        let local = name.utf8.lastIndex(of: 58).map { name[name.utf8.index(after: $0)...] } ?? Substring(name)
        if local.utf8.count > 2, local.lowercased().hasPrefix("on") { return "event attribute" }
        if isReferenceName(local), !isInternalReference(value) { return "external reference" }
        return isSafeValue(value) ? nil : "unsafe value"
    }

    /// Whether an attribute's local name is `href` or `src` (in any case), whose value is a
    /// reference.
    static func isReferenceName(_ local: Substring) -> Bool {
        let n = local.utf8.count
        return (n == 3 || n == 4) && ["href", "src"].contains(local.lowercased())
    }

    /// Whether an `href` (or `src`) stays in the file: `#id` or a `data:image/` URL.
    public static func isInternalReference(_ value: String) -> Bool {
        // Only as much lower-cased as the prefixes need (the whole of an embedded image took
        // 5 ms).
        let v = value.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.prefix(11).lowercased()
        return v.hasPrefix("#") || v.hasPrefix("data:image/")
    }

    /// Whether a value has no `javascript:` or `@import` and every `url(…)` in it points into the
    /// file (`#id`) or is a `data:image/` URL. Cheap for plain values (no `:`, `@` or `(`).
    public static func isSafeValue(_ value: String) -> Bool {
        guard value.utf8.contains(where: { $0 == 58 || $0 == 64 || $0 == 40 }) else { return true }
        let squeezed = value.lowercased().filter { !$0.isWhitespace }
        if squeezed.contains("javascript:") || squeezed.contains("@import") { return false }
        let chars = Array(squeezed.utf8)
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
}
