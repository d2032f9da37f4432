/// Compares two SVG documents element by element and names each changed attribute.
///
/// An element is named by its drawable paint index (its order among drawn shapes outside
/// `defs`, the debug overlay and other non-rendering containers) and its layer path (for a
/// drawable of the new document, the layer ``DrawableLayers`` maps it to; else its own or an
/// ancestor's `data-layer`), else by its element index and tag. Elements are paired in
/// document order; an element inserted or removed (found within `lookahead` elements, followed
/// by a matching one) is reported as added or removed, and the pairing continues after it.
struct SVGStructuralDiff {
    static let drawableTags: Set<String> = [
        "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "use", "image", "text",
    ]
    static let nonRendering: Set<String> = [
        "defs", "clipPath", "mask", "pattern", "linearGradient", "radialGradient", "symbol",
        "marker", "filter", "style", "title", "desc", "metadata",
    ]
    /// Attributes compared as text even with a tolerance (names and references, not numbers).
    static let textualAttributes: Set<String> = ["id", "class", "href", "xlink:href", "data-layer"]

    /// How far ahead the diff looks for an element that was inserted or removed.
    static let lookahead = 8

    /// Compares `old` (the golden) with `new` (the regenerated output); `layers`, the layers of
    /// the new output's drawables, names them where it agrees with `new` (``DrawableLayers/paths(for:)``).
    static func compare(
        old: CheckSVGDocument, new: CheckSVGDocument, tolerance: Double, layers: DrawableLayers? = nil
    ) -> StructuralDiff {
        var diff = StructuralDiff()
        let oldNames = describe(old)
        let newNames = describe(new, drawableLayers: layers?.paths(for: new))
        let a = old.elements
        let b = new.elements
        let ha = a.map(signature)
        let hb = b.map(signature)
        func same(_ i: Int, _ j: Int) -> Bool { ha[i] == hb[j] && Self.same(a[i], b[j]) }
        // Two consecutive equal elements (or an equal last one) mark a place to resynchronize.
        func anchored(_ i: Int, _ j: Int) -> Bool {
            guard i < a.count, j < b.count, same(i, j) else { return false }
            return (i + 1 == a.count && j + 1 == b.count) || (i + 1 < a.count && j + 1 < b.count && same(i + 1, j + 1))
        }
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if same(i, j) {
                i += 1
                j += 1
                continue
            }
            if let k = (1...lookahead).first(where: { anchored(i, j + $0) }) {
                for n in j..<(j + k) {
                    diff.add(tolerant: false) { CheckDifference(location: newNames[n], label: "", old: nil, new: markup(b[n])) }
                }
                j += k
                continue
            }
            if let k = (1...lookahead).first(where: { anchored(i + $0, j) }) {
                for n in i..<(i + k) {
                    diff.add(tolerant: false) { CheckDifference(location: oldNames[n], label: "", old: markup(a[n]), new: nil) }
                }
                i += k
                continue
            }
            if a[i].tag == b[j].tag {
                compareAttributes(a[i], b[j], name: newNames[j], tolerance: tolerance, into: &diff)
            } else {
                diff.add(tolerant: false) { CheckDifference(location: oldNames[i], label: "", old: markup(a[i]), new: markup(b[j])) }
            }
            i += 1
            j += 1
        }
        for n in i..<a.count {
            diff.add(tolerant: false) { CheckDifference(location: oldNames[n], label: "", old: markup(a[n]), new: nil) }
        }
        for n in j..<b.count {
            diff.add(tolerant: false) { CheckDifference(location: newNames[n], label: "", old: nil, new: markup(b[n])) }
        }
        return diff
    }

    /// A hash of an element's tag, attributes and text, to rule out most unequal pairs quickly.
    private static func signature(_ e: CheckSVGDocument.Element) -> Int {
        var h = Hasher()
        h.combine(e.tag)
        h.combine(e.text)
        for (name, value) in e.attributes {
            h.combine(name)
            h.combine(value)
        }
        return h.finalize()
    }

    /// Whether two elements have the same tag, attributes and text.
    private static func same(_ a: CheckSVGDocument.Element, _ b: CheckSVGDocument.Element) -> Bool {
        a.tag == b.tag && a.text == b.text && a.attributes.count == b.attributes.count
            && zip(a.attributes, b.attributes).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Reports each changed, removed or added attribute and a changed text of one element pair.
    private static func compareAttributes(_ a: CheckSVGDocument.Element, _ b: CheckSVGDocument.Element,
                                          name: String, tolerance: Double, into diff: inout StructuralDiff) {
        var seen = Set<String>()
        for (attribute, value) in a.attributes {
            seen.insert(attribute)
            let other = b.attribute(attribute)
            guard other != value else { continue }
            let tolerant = other.map { compareValues(value, $0, attribute: attribute, tolerance: tolerance) } ?? false
            diff.add(tolerant: tolerant) {
                CheckDifference(location: name, label: "attribute \"\(attribute)\"",
                                old: quoted(value), new: other.map(quoted), withinTolerance: tolerant)
            }
        }
        for (attribute, value) in b.attributes where !seen.contains(attribute) {
            diff.add(tolerant: false) {
                CheckDifference(location: name, label: "attribute \"\(attribute)\"", old: nil, new: quoted(value))
            }
        }
        if a.text != b.text {
            let tolerant = compareValues(a.text, b.text, attribute: "", tolerance: tolerance)
            diff.add(tolerant: tolerant) {
                CheckDifference(location: name, label: "text", old: quoted(a.text), new: quoted(b.text),
                                withinTolerance: tolerant)
            }
        }
    }

    /// A short start tag for an added or removed element, e.g. `<rect x="1" y="2">`.
    private static func markup(_ e: CheckSVGDocument.Element) -> String {
        var s = "<" + e.tag
        for (name, value) in e.attributes { s += " \(name)=\"\(value)\"" }
        return CheckTolerance.clip(s + ">")
    }

    /// Whether two differing values are equal up to numbers within `tolerance`.
    static func compareValues(_ a: String, _ b: String, attribute: String, tolerance: Double) -> Bool {
        guard tolerance > 0, !textualAttributes.contains(attribute), !a.hasPrefix("#"), !b.hasPrefix("#") else {
            return false
        }
        let ta = NumberTokens(a)
        let tb = NumberTokens(b)
        guard ta.skeleton == tb.skeleton, ta.numbers.count == tb.numbers.count else { return false }
        return zip(ta.numbers, tb.numbers).allSatisfy { CheckTolerance.within($0, $1, tolerance) }
    }

    /// `text` in quotes, whole: ``CheckDifference`` shortens the old and new value together.
    static func quoted(_ text: String) -> String {
        "\"" + text + "\""
    }

    /// What an element is to the names: a drawn shape, part of the debug overlay, or anything else.
    enum Role: Equatable {
        case drawable, overlay, other
    }

    /// The role of every element, in document order: drawables are the elements with a
    /// drawable tag outside non-rendering containers (`defs`, `clipPath`, …) and the overlay.
    static func roles(_ doc: CheckSVGDocument) -> [Role] {
        var hidden: [Bool] = []
        var roles: [Role] = []
        hidden.reserveCapacity(doc.elements.count)
        roles.reserveCapacity(doc.elements.count)
        for e in doc.elements {
            let p = e.parent
            hidden.append(nonRendering.contains(e.tag) || (p >= 0 && hidden[p]))
            if e.attribute("id") == "lamina-overlay" || (p >= 0 && roles[p] == .overlay) {
                roles.append(.overlay)
            } else {
                roles.append(!hidden[hidden.count - 1] && drawableTags.contains(e.tag) ? .drawable : .other)
            }
        }
        return roles
    }

    /// A name for every element: `drawable N <tag> (layer "P")`, `overlay <tag> (layer "P")` or
    /// `element N <tag>`, with its `id` when it has one. `drawableLayers` (by paint index) names
    /// a drawable's layer, and that of the elements inside it, ahead of any `data-layer`.
    static func describe(_ doc: CheckSVGDocument, drawableLayers: [String?]? = nil) -> [String] {
        let roles = roles(doc)
        var layer: [String?] = []
        var names: [String] = []
        layer.reserveCapacity(doc.elements.count)
        names.reserveCapacity(doc.elements.count)
        var paintIndex = 0
        for (i, e) in doc.elements.enumerated() {
            let p = e.parent
            var name: String
            var mapped: String?
            switch roles[i] {
            case .overlay:
                name = "overlay element \(i) <\(e.tag)>"
            case .drawable:
                name = "drawable \(paintIndex) <\(e.tag)>"
                if let drawableLayers, paintIndex < drawableLayers.count { mapped = drawableLayers[paintIndex] }
                paintIndex += 1
            case .other:
                name = "element \(i) <\(e.tag)>"
            }
            layer.append(mapped ?? e.attribute("data-layer") ?? (p >= 0 ? layer[p] : nil))
            if let id = e.attribute("id") { name += " id \"\(id)\"" }
            if let l = layer[i] { name += " (layer \"\(l)\")" }
            names.append(name)
        }
        return names
    }
}

/// A value split into its numbers and the text around them (the skeleton).
private struct NumberTokens {
    var skeleton = ""
    var numbers: [Double] = []

    init(_ text: String) {
        let s = Array(text.utf8)
        var i = 0
        while i < s.count {
            let start = i
            var j = i
            if s[j] == 0x2D || s[j] == 0x2B { j += 1 }
            let digitsStart = j
            while j < s.count, (0x30...0x39).contains(s[j]) { j += 1 }
            if j < s.count, s[j] == 0x2E {
                j += 1
                while j < s.count, (0x30...0x39).contains(s[j]) { j += 1 }
            }
            let mantissa = j - digitsStart
            if mantissa > 0, !(mantissa == 1 && s[digitsStart] == 0x2E) {
                if j < s.count, s[j] == 0x65 || s[j] == 0x45 {
                    var k = j + 1
                    if k < s.count, s[k] == 0x2D || s[k] == 0x2B { k += 1 }
                    let expStart = k
                    while k < s.count, (0x30...0x39).contains(s[k]) { k += 1 }
                    if k > expStart { j = k }
                }
                if let v = Double(String(decoding: s[start..<j], as: UTF8.self)) {
                    numbers.append(v)
                    skeleton += "\u{1}"
                    i = j
                    continue
                }
            }
            skeleton.unicodeScalars.append(Unicode.Scalar(s[i]))
            i += 1
        }
    }
}
