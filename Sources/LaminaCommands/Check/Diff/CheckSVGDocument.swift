/// A flat list of an SVG file's elements for structural diffs, read without recursion.
///
/// This is a small tolerant XML tokenizer for comparing Lamina's own output, not a validating
/// parser: attribute values and text stay as written (entities are not expanded).
struct CheckSVGDocument: Sendable {
    /// One element in document order.
    struct Element: Sendable {
        var tag: String
        var attributes: [(name: String, value: String)]
        /// The enclosing element's index, or -1 for the document element.
        var parent: Int
        /// Character data directly inside the element, whitespace-trimmed, CDATA included.
        var text: String = ""

        /// The value of attribute `name`, if present.
        func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }
    }

    var elements: [Element]

    /// Tokenizes `bytes`, or returns `nil` when the tags do not nest properly.
    static func parse(_ bytes: [UInt8]) -> CheckSVGDocument? {
        var elements: [Element] = []
        var open: [Int] = []
        var text: [UInt8] = []
        var i = 0
        let n = bytes.count

        func flushText() {
            guard let top = open.last else { text.removeAll(); return }
            let trimmed = String(decoding: text, as: UTF8.self).trimmingSpace()
            if !trimmed.isEmpty { elements[top].text += trimmed }
            text.removeAll(keepingCapacity: true)
        }

        while i < n {
            guard bytes[i] == 0x3C else {
                text.append(bytes[i])
                i += 1
                continue
            }
            if bytes.hasPrefix("<!--", at: i) {
                guard let end = bytes.find("-->", from: i + 4) else { return nil }
                i = end + 3
            } else if bytes.hasPrefix("<![CDATA[", at: i) {
                guard let end = bytes.find("]]>", from: i + 9) else { return nil }
                text.append(contentsOf: bytes[(i + 9)..<end])
                i = end + 3
            } else if bytes.hasPrefix("<?", at: i) {
                guard let end = bytes.find("?>", from: i + 2) else { return nil }
                i = end + 2
            } else if bytes.hasPrefix("<!", at: i) {
                guard let end = bytes.find(">", from: i + 2) else { return nil }
                i = end + 1
            } else if bytes.hasPrefix("</", at: i) {
                flushText()
                guard let end = bytes.find(">", from: i + 2), let top = open.popLast() else { return nil }
                let name = String(decoding: bytes[(i + 2)..<end], as: UTF8.self).trimmingSpace()
                guard name == elements[top].tag else { return nil }
                i = end + 1
            } else {
                flushText()
                guard let (element, selfClosing, next) = readStartTag(bytes, at: i, parent: open.last ?? -1) else {
                    return nil
                }
                elements.append(element)
                if !selfClosing { open.append(elements.count - 1) }
                i = next
            }
        }
        guard open.isEmpty, !elements.isEmpty else { return nil }
        return CheckSVGDocument(elements: elements)
    }

    /// Reads `<tag attr="v" ...>` at `start`; returns the element, whether it closes itself, and the next index.
    private static func readStartTag(_ b: [UInt8], at start: Int, parent: Int) -> (Element, Bool, Int)? {
        var i = start + 1
        let n = b.count
        let nameStart = i
        while i < n, !b[i].isXMLSpace, b[i] != 0x3E, b[i] != 0x2F { i += 1 }
        guard i > nameStart else { return nil }
        var element = Element(tag: String(decoding: b[nameStart..<i], as: UTF8.self), attributes: [], parent: parent)
        while true {
            while i < n, b[i].isXMLSpace { i += 1 }
            guard i < n else { return nil }
            if b[i] == 0x3E { return (element, false, i + 1) }
            if b[i] == 0x2F {
                guard i + 1 < n, b[i + 1] == 0x3E else { return nil }
                return (element, true, i + 2)
            }
            let attrStart = i
            while i < n, !b[i].isXMLSpace, b[i] != 0x3D, b[i] != 0x3E, b[i] != 0x2F { i += 1 }
            let name = String(decoding: b[attrStart..<i], as: UTF8.self)
            while i < n, b[i].isXMLSpace { i += 1 }
            guard i < n, b[i] == 0x3D, !name.isEmpty else { return nil }
            i += 1
            while i < n, b[i].isXMLSpace { i += 1 }
            guard i < n, b[i] == 0x22 || b[i] == 0x27 else { return nil }
            let quote = b[i]
            i += 1
            let valueStart = i
            while i < n, b[i] != quote { i += 1 }
            guard i < n else { return nil }
            element.attributes.append((name, String(decoding: b[valueStart..<i], as: UTF8.self)))
            i += 1
        }
    }
}

extension UInt8 {
    fileprivate var isXMLSpace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}

extension [UInt8] {
    /// Whether `literal` occurs at `index`.
    fileprivate func hasPrefix(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= self.count else { return false }
        return literal.withUTF8Buffer { lit in
            for k in 0..<count where self[index + k] != lit[k] { return false }
            return true
        }
    }

    /// The first index at or after `from` where `literal` occurs.
    fileprivate func find(_ literal: StaticString, from: Int) -> Int? {
        var i = from
        while i < count {
            if hasPrefix(literal, at: i) { return i }
            i += 1
        }
        return nil
    }
}

extension String {
    /// The string without leading and trailing XML whitespace.
    fileprivate func trimmingSpace() -> String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
