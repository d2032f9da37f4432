/// Which names can be written as attribute names.
extension MarkupSafety {
    /// Whether `name` can be written as an attribute name of an SVG element whose document binds
    /// only the `xml` and `xlink` prefixes: an ``isNCName(_:)`` name, or one of those prefixes,
    /// a colon and such a name (`xml:space`, `xlink:href`; the writers declare `xlink` when it
    /// is used). The names a writer takes from its input (the `extra` properties of layer JSON)
    /// are checked with it, so that a name like `a b`, `x"y` or `foo:bar` cannot make the
    /// document ill-formed.
    public static func isAttributeName(_ name: String) -> Bool {
        guard let colon = name.utf8.firstIndex(of: UInt8(ascii: ":")) else { return isNCName(name) }
        let prefix = name[..<colon]
        guard prefix == "xml" || prefix == "xlink" else { return false }
        return isNCName(String(name[name.utf8.index(after: colon)...]))
    }

    /// Whether `name` is an XML name without a colon (an `NCName`, Namespaces in XML 1.0 §3).
    public static func isNCName(_ name: String) -> Bool {
        var first = true
        for scalar in name.unicodeScalars {
            let v = scalar.value
            guard first ? isNameStart(v) : isNameStart(v) || isNameRest(v) else { return false }
            first = false
        }
        return !first
    }

    /// `NameStartChar` of XML 1.0 (fifth edition) §2.3, without `:`.
    private static func isNameStart(_ v: UInt32) -> Bool {
        switch v {
        case 0x41...0x5A, 0x61...0x7A, 0x5F: true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
            0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
            0x10000...0xEFFFF:
            true
        default: false
        }
    }

    /// The rest of `NameChar`: `-`, `.`, digits, U+00B7, U+0300–U+036F, U+203F–U+2040.
    private static func isNameRest(_ v: UInt32) -> Bool {
        switch v {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: false
        }
    }
}
