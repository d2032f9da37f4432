/// Compares two SVG documents element by element and names each changed attribute.
///
/// An element is named by its drawable paint index (its order among drawn shapes outside
/// `defs`, the debug overlay and other non-rendering containers) and its layer path (its own
/// or an ancestor's `data-layer`), else by its element index and tag. When the element
/// sequences stop lining up (a different tag), the diff reports that place and stops.
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

    /// Compares `old` (the golden) with `new` (the regenerated output).
    static func compare(old: CheckSVGDocument, new: CheckSVGDocument, tolerance: Double) -> StructuralDiff {
        var diff = StructuralDiff()
        let oldNames = describe(old)
        let newNames = describe(new)
        let common = min(old.elements.count, new.elements.count)
        for i in 0..<common {
            let a = old.elements[i]
            let b = new.elements[i]
            guard a.tag == b.tag else {
                diff.add(CheckDifference(location: oldNames[i], label: "element", old: "<\(a.tag)>", new: "<\(b.tag)>"))
                diff.add(CheckDifference(location: "document", label: "elements",
                                         old: "\(old.elements.count)", new: "\(new.elements.count)"))
                return diff
            }
            var seen = Set<String>()
            for (name, value) in a.attributes {
                seen.insert(name)
                let other = b.attribute(name)
                guard other != value else { continue }
                let tolerant = other.map { compareValues(value, $0, attribute: name, tolerance: tolerance) } ?? false
                diff.add(tolerant: tolerant) {
                    CheckDifference(location: newNames[i], label: "attribute \"\(name)\"",
                                    old: quoted(value), new: other.map(quoted), withinTolerance: tolerant)
                }
            }
            for (name, value) in b.attributes where !seen.contains(name) {
                diff.add(tolerant: false) {
                    CheckDifference(location: newNames[i], label: "attribute \"\(name)\"", old: nil, new: quoted(value))
                }
            }
            if a.text != b.text {
                let tolerant = compareValues(a.text, b.text, attribute: "", tolerance: tolerance)
                diff.add(tolerant: tolerant) {
                    CheckDifference(location: newNames[i], label: "text", old: quoted(a.text), new: quoted(b.text),
                                    withinTolerance: tolerant)
                }
            }
        }
        if old.elements.count != new.elements.count {
            for i in common..<old.elements.count {
                diff.add(tolerant: false) { CheckDifference(location: oldNames[i], label: "", old: "<\(old.elements[i].tag)>", new: nil) }
            }
            for i in common..<new.elements.count {
                diff.add(tolerant: false) { CheckDifference(location: newNames[i], label: "", old: nil, new: "<\(new.elements[i].tag)>") }
            }
        }
        return diff
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

    static func quoted(_ text: String) -> String {
        "\"" + CheckTolerance.clip(text) + "\""
    }

    /// A name for every element: `drawable N <tag> (layer "P")`, `overlay <tag> (layer "P")` or
    /// `element N <tag>`, with its `id` when it has one.
    static func describe(_ doc: CheckSVGDocument) -> [String] {
        var layer: [String?] = []
        var hidden: [Bool] = []
        var overlay: [Bool] = []
        var names: [String] = []
        layer.reserveCapacity(doc.elements.count)
        var paintIndex = 0
        for (i, e) in doc.elements.enumerated() {
            let p = e.parent
            let ownLayer = e.attribute("data-layer")
            layer.append(ownLayer ?? (p >= 0 ? layer[p] : nil))
            overlay.append(e.attribute("id") == "lamina-overlay" || (p >= 0 && overlay[p]))
            hidden.append(nonRendering.contains(e.tag) || (p >= 0 && hidden[p]))
            var name: String
            if overlay[i] {
                name = "overlay element \(i) <\(e.tag)>"
            } else if !hidden[i] && drawableTags.contains(e.tag) {
                name = "drawable \(paintIndex) <\(e.tag)>"
                paintIndex += 1
            } else {
                name = "element \(i) <\(e.tag)>"
            }
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
