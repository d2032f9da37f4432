import LaminaCore

/// Where placement attributes can go in verbatim markup (`Shape.svg`).
///
/// The writer places a verbatim element by inserting its `transform` (and opacity, clip or
/// mask) into the element's start tag. That is only right when the markup is one element
/// whose start tag does not already carry one of those attributes: an XML start tag may not
/// repeat an attribute (the document would not be well-formed, and no renderer draws it), and
/// markup after the first element would be drawn without the placement. Layer JSON written
/// by hand can hold either (`<text transform="rotate(10)">…</text>`); such markup is placed
/// by a wrapping `<g>` instead.
extension SVGMarkup {
    /// The offset in `xml` where `attrs` (attribute text, each starting with a space) can be
    /// inserted into the first start tag, or nil when the markup needs a wrapping `<g>`: it
    /// does not start with an element, the start tag already has one of the names in
    /// `attrs`, or something other than white space follows the first element.
    package static func placementInsertionPoint(in xml: String, inserting attrs: [UInt8]) -> Int? {
        guard let i = attributeInsertionPoint(in: xml) else { return nil }
        let u = Array(xml.utf8)
        let inserted = attributeNames(in: attrs[...])
        guard let (names, end) = startTag(u, from: i) else { return nil }
        if names.contains(where: { n in inserted.contains { $0.elementsEqual(n) } }) { return nil }
        guard let after = elementEnd(u, startTagEnd: end) else { return nil }
        for b in u[after...] where !isSpace(b) { return nil }
        return i
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// The attribute names of attribute text ` name="value" name2="value2"`.
    static func attributeNames(in text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var names: [ArraySlice<UInt8>] = []
        var j = text.startIndex
        while j < text.endIndex {
            while j < text.endIndex, isSpace(text[j]) { j += 1 }
            let start = j
            while j < text.endIndex, text[j] != UInt8(ascii: "="), !isSpace(text[j]) { j += 1 }
            if j > start { names.append(text[start..<j]) }
            while j < text.endIndex, text[j] != 0x22, text[j] != 0x27 { j += 1 }
            guard j < text.endIndex else { break }
            let quote = text[j]
            j += 1
            while j < text.endIndex, text[j] != quote { j += 1 }
            j += 1
        }
        return names
    }

    /// Reads the attributes of a start tag from just after its name: their names, and the
    /// offset just past the tag (`>` or `/>`) with whether it closes itself. Nil when the tag
    /// does not end.
    private static func startTag(_ u: [UInt8], from i: Int) -> (names: [ArraySlice<UInt8>], end: (Int, Bool))? {
        var names: [ArraySlice<UInt8>] = []
        var j = i
        while j < u.count {
            let b = u[j]
            if isSpace(b) {
                j += 1
            } else if b == UInt8(ascii: ">") {
                return (names, (j + 1, false))
            } else if b == UInt8(ascii: "/") {
                return j + 1 < u.count && u[j + 1] == UInt8(ascii: ">") ? (names, (j + 2, true)) : nil
            } else {
                let start = j
                while j < u.count, u[j] != UInt8(ascii: "="), !isSpace(u[j]), u[j] != UInt8(ascii: ">"), u[j] != UInt8(ascii: "/") {
                    j += 1
                }
                names.append(u[start..<j])
                while j < u.count, u[j] != 0x22, u[j] != 0x27 {
                    if u[j] == UInt8(ascii: ">") { return nil }
                    j += 1
                }
                guard j < u.count else { return nil }
                let quote = u[j]
                j += 1
                while j < u.count, u[j] != quote { j += 1 }
                guard j < u.count else { return nil }
                j += 1
            }
        }
        return nil
    }

    /// The offset just past the end of the first element, given the end of its start tag.
    private static func elementEnd(_ u: [UInt8], startTagEnd: (Int, Bool)) -> Int? {
        var (j, closed) = startTagEnd
        if closed { return j }
        var depth = 1
        func skip(past marker: [UInt8], from k: Int) -> Int? {
            var k = k
            while k + marker.count <= u.count {
                if u[k..<(k + marker.count)].elementsEqual(marker) { return k + marker.count }
                k += 1
            }
            return nil
        }
        while j < u.count {
            guard u[j] == UInt8(ascii: "<") else {
                j += 1
                continue
            }
            let rest = u[j...]
            if rest.starts(with: Array("<!--".utf8)) {
                guard let k = skip(past: Array("-->".utf8), from: j + 4) else { return nil }
                j = k
            } else if rest.starts(with: Array("<![CDATA[".utf8)) {
                guard let k = skip(past: Array("]]>".utf8), from: j + 9) else { return nil }
                j = k
            } else if rest.starts(with: Array("<?".utf8)) {
                guard let k = skip(past: Array("?>".utf8), from: j + 2) else { return nil }
                j = k
            } else if rest.starts(with: Array("</".utf8)) {
                guard let k = skip(past: [UInt8(ascii: ">")], from: j + 2) else { return nil }
                j = k
                depth -= 1
                if depth == 0 { return j }
            } else {
                var k = j + 1
                while k < u.count, !isSpace(u[k]), u[k] != UInt8(ascii: ">"), u[k] != UInt8(ascii: "/") { k += 1 }
                guard let (_, end) = startTag(u, from: k) else { return nil }
                j = end.0
                if !end.1 { depth += 1 }
            }
        }
        return nil
    }
}
