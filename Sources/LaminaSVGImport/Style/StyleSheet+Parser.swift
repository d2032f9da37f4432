/// The top level of a style sheet: rules and at-rules over comment-free bytes.
struct StyleSheetParser {
    let b: [UInt8]
    var rules: [StyleSheet.Rule] = []
    var warnings: [String] = []

    init(bytes: [UInt8]) {
        self.b = bytes
    }

    mutating func run() {
        let n = b.count
        var i = 0
        while i < n {
            let c = b[i]
            if CSSBytes.isSpace(c) {
                i += 1
                continue
            }
            if hasPrefix("<!--", at: i) { i += 4; continue }
            if hasPrefix("-->", at: i) { i += 3; continue }
            if c == UInt8(ascii: "}") {
                // A stray closing brace: ignore it.
                i += 1
                continue
            }
            if c == UInt8(ascii: "@") {
                i = atRule(from: i)
                continue
            }
            let open = CSSBytes.find(UInt8(ascii: "{"), in: b, from: i, to: n)
            guard open < n else { return }
            let end = CSSBytes.skipBlock(b, from: open, to: n)
            let bodyEnd = end > open + 1 && end <= n && b[end - 1] == UInt8(ascii: "}") ? end - 1 : end
            if let selectors = SelectorParser.parseList(b, i, open) {
                let declarations = CSSBytes.declarations(b, open + 1, bodyEnd)
                if !declarations.isEmpty {
                    rules.append(StyleSheet.Rule(selectors: selectors, declarations: declarations))
                }
            }
            i = end
        }
    }

    private func hasPrefix(_ s: String, at i: Int) -> Bool {
        var k = i
        for c in s.utf8 {
            guard k < b.count, b[k] == c else { return false }
            k += 1
        }
        return true
    }

    /// Skips an at-rule starting at `@`, warning about `@import`; returns the index after it.
    private mutating func atRule(from start: Int) -> Int {
        var j = start + 1
        while j < b.count, CSSBytes.isIdent(b[j]) { j += 1 }
        let name = CSSBytes.asciiLower(b, (start + 1)..<j)
        let stop = CSSBytes.find(UInt8(ascii: ";"), in: b, from: j, to: b.count, orStop: UInt8(ascii: "{"))
        if name == "import" {
            let text = CSSBytes.string(b, CSSBytes.trimmed(b, j, stop))
            warnings.append("'@import \(text)' ignored: external style sheets are never fetched")
        }
        guard stop < b.count else { return b.count }
        if b[stop] == UInt8(ascii: "{") { return CSSBytes.skipBlock(b, from: stop, to: b.count) }
        return stop + 1
    }
}

/// Selector lists: type, `*`, `.class`, `#id`, `[attr]`, `[attr op value]`, `:first-child`,
/// `:root`, descendant, child (`>`) and adjacent-sibling (`+`) combinators, as resvg reads them.
/// A selector using anything else (`~`, `:not()`, `:hover`, `::before`, …) is skipped, and the
/// rest of its list still applies, as in resvg; a list with no selector left is nil.
enum SelectorParser {
    /// At most this many compounds per selector, so matching depth stays small.
    static let maxCompounds = 32

    static func parseList(_ b: [UInt8], _ start: Int, _ end: Int) -> [StyleSheet.Selector]? {
        var out: [StyleSheet.Selector] = []
        var i = start
        while i <= end {
            let comma = CSSBytes.find(UInt8(ascii: ","), in: b, from: i, to: end)
            // A selector Lamina cannot evaluate never matches here: in a static picture the
            // dynamic pseudo-classes (`:hover`, `:visited`, `:focus`) match nothing, and the
            // structural ones resvg lacks are left out as resvg leaves them out.
            if let selector = parse(b, i, comma) { out.append(selector) }
            i = comma + 1
        }
        return out.isEmpty ? nil : out
    }

    static func parse(_ b: [UInt8], _ start: Int, _ end: Int) -> StyleSheet.Selector? {
        let r = CSSBytes.trimmed(b, start, end)
        guard !r.isEmpty else { return nil }
        var compounds: [StyleSheet.Compound] = []
        var combinators: [StyleSheet.Combinator] = []
        var i = r.lowerBound
        var pending: StyleSheet.Combinator?
        while i < r.upperBound {
            let c = b[i]
            if CSSBytes.isSpace(c) {
                if pending == nil { pending = .descendant }
                i += 1
                continue
            }
            if c == UInt8(ascii: ">") || c == UInt8(ascii: "+") {
                guard !compounds.isEmpty, pending == nil || pending == .descendant else { return nil }
                pending = c == UInt8(ascii: ">") ? .child : .adjacent
                i += 1
                continue
            }
            if !compounds.isEmpty {
                guard let p = pending else { return nil }
                combinators.append(p)
            }
            pending = nil
            guard let (compound, next) = parseCompound(b, i, r.upperBound) else { return nil }
            compounds.append(compound)
            guard compounds.count <= maxCompounds else { return nil }
            i = next
        }
        guard !compounds.isEmpty, pending == nil else { return nil }
        return StyleSheet.Selector(compounds: compounds, combinators: combinators)
    }

    private static func ident(_ b: [UInt8], _ i: Int, _ end: Int) -> Int {
        var j = i
        while j < end, CSSBytes.isIdent(b[j]) { j += 1 }
        return j
    }

    private static func parseCompound(_ b: [UInt8], _ start: Int, _ end: Int) -> (StyleSheet.Compound, Int)? {
        var compound = StyleSheet.Compound()
        var i = start
        if b[i] == UInt8(ascii: "*") {
            i += 1
        } else if CSSBytes.isIdent(b[i]) {
            let j = ident(b, i, end)
            compound.type = CSSBytes.string(b, i..<j)
            i = j
        }
        while i < end {
            let c = b[i]
            if c == UInt8(ascii: "#") || c == UInt8(ascii: ".") {
                let j = ident(b, i + 1, end)
                guard j > i + 1 else { return nil }
                let name = CSSBytes.string(b, (i + 1)..<j)
                if c == UInt8(ascii: "#") {
                    // Two different ids can never match; keep the first and remember a conflict.
                    if let existing = compound.id, existing != name { compound.classes.append("\u{0}") }
                    compound.id = compound.id ?? name
                } else {
                    compound.classes.append(name)
                }
                i = j
            } else if c == UInt8(ascii: "[") {
                guard let (test, next) = parseAttribute(b, i + 1, end) else { return nil }
                compound.attributes.append(test)
                i = next
            } else if c == UInt8(ascii: ":") {
                let j = ident(b, i + 1, end)
                switch CSSBytes.asciiLower(b, (i + 1)..<j) {
                case "first-child": compound.pseudoClasses.append(.firstChild)
                case "root": compound.pseudoClasses.append(.root)
                default: return nil  // other pseudo-classes, pseudo-elements, functions
                }
                i = j
            } else if CSSBytes.isSpace(c) || c == UInt8(ascii: ">") || c == UInt8(ascii: "+") {
                break
            } else {
                return nil  // `~`, `|`, escapes, stray characters
            }
        }
        return i > start ? (compound, i) : nil
    }

    private static func parseAttribute(_ b: [UInt8], _ start: Int, _ end: Int) -> (StyleSheet.AttributeTest, Int)? {
        var i = start
        while i < end, CSSBytes.isSpace(b[i]) { i += 1 }
        let j = ident(b, i, end)
        guard j > i else { return nil }
        let name = CSSBytes.string(b, i..<j)
        i = j
        while i < end, CSSBytes.isSpace(b[i]) { i += 1 }
        guard i < end else { return nil }
        if b[i] == UInt8(ascii: "]") { return (StyleSheet.AttributeTest(name: name, op: .exists, value: ""), i + 1) }
        var op = StyleSheet.AttributeTest.Operator.equals
        switch b[i] {
        case UInt8(ascii: "="): op = .equals
        case UInt8(ascii: "~"): op = .includes
        case UInt8(ascii: "|"): op = .dashMatch
        case UInt8(ascii: "^"): op = .prefix
        case UInt8(ascii: "$"): op = .suffix
        case UInt8(ascii: "*"): op = .substring
        default: return nil
        }
        if op != .equals {
            i += 1
            guard i < end, b[i] == UInt8(ascii: "=") else { return nil }
        }
        i += 1
        while i < end, CSSBytes.isSpace(b[i]) { i += 1 }
        guard i < end else { return nil }
        var value: String
        if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") {
            let quote = b[i]
            var k = i + 1
            while k < end, b[k] != quote {
                if b[k] == UInt8(ascii: "\\") || b[k] == 0x0A { return nil }
                k += 1
            }
            guard k < end else { return nil }
            value = CSSBytes.string(b, (i + 1)..<k)
            i = k + 1
        } else {
            let k = ident(b, i, end)
            guard k > i else { return nil }
            value = CSSBytes.string(b, i..<k)
            i = k
        }
        while i < end, CSSBytes.isSpace(b[i]) { i += 1 }
        guard i < end, b[i] == UInt8(ascii: "]") else { return nil }
        return (StyleSheet.AttributeTest(name: name, op: op, value: value), i + 1)
    }
}
