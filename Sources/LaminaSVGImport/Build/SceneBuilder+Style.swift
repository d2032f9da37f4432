import LaminaCore

/// Computed styles: on the spot, from the prefetch, and as the document gives them; and the
/// warnings about references to other files their values may hold.
extension SceneBuilder {
    /// The computed style of `element` under a parent style, with its declarations.
    /// References to other files in `url()` values are reported (they draw their fallback).
    mutating func computeStyle(_ element: Int, parent: ComputedStyle) -> (ComputedStyle, CascadedList) {
        let declarations = checkedDeclarations(of: element)
        return (parent.child(cascaded: declarations), declarations)
    }

    /// The cascaded declarations of `element`, with the references to other files in their
    /// `url()` values reported once per element (its warnings are given once anyway).
    private mutating func checkedDeclarations(of element: Int) -> CascadedList {
        let declarations = cascadedDeclarations(of: element)
        if elementFlags[element] & Self.urlsChecked == 0 {
            elementFlags[element] |= Self.urlsChecked
            warnExternalURLs(declarations, element: element)
        }
        return declarations
    }

    /// The cascaded declarations of `element`: the prefetch's, or the cascade's, remembered from
    /// the second request on (an element instanced by `use` or `clip-path` is styled once per
    /// copy; a 4 KB clip-path fan-out spent two thirds of its 8 s there and in the `url()` scan).
    mutating func cascadedDeclarations(of element: Int) -> CascadedList {
        if let known = prefetch?.declarations(element) { return known }
        // The memo holds only elements styled before: most are styled once, and need no look-up.
        let styledBefore = elementFlags[element] & Self.styledOnce != 0
        if styledBefore, let known = declarationsMemo[element] { return known }
        let declarations = cascade.cascaded(for: element, in: &cascadeArena)
        if styledBefore {
            // In memory of its own: kept for long, a list would keep its arena's storage too.
            declarationsMemo[element] = CascadedList(copying: declarations)
        } else {
            elementFlags[element] |= Self.styledOnce
        }
        return declarations
    }

    /// ``elementFlags`` bits: declarations computed once; `url()` values checked; list
    /// geometry read once (``shapeGeometry(_:fontSize:)``).
    static let styledOnce: UInt8 = 1
    static let urlsChecked: UInt8 = 2
    static let geometryOnce: UInt8 = 4

    /// ``computeStyle(_:parent:)`` of a work item's element under its parent style; `inDocument`
    /// when that parent style is the element's document parent's own, so that the result is
    /// the element's document style (then taken from the prefetch when it has it).
    mutating func computeStyle(of w: Work) -> (style: ComputedStyle, declarations: CascadedList, inDocument: Bool) {
        let inDocument = w.parentStyle.element >= 0 && w.parentStyle.element == tree.parent(w.element)
        // Moved out of the prefetch's entry, not copied (see ``ElementPrefetch/takeStyle(_:)``).
        if inDocument, let (style, declarations, mayReferenceOtherFiles) = prefetch?.takeStyle(w.element) {
            // Once per element, as ``computeStyle(_:parent:)`` warns.
            if elementFlags[w.element] & Self.urlsChecked == 0 {
                elementFlags[w.element] |= Self.urlsChecked
                if mayReferenceOtherFiles { warnExternalURLs(declarations, element: w.element) }
            }
            return (style, declarations, true)
        }
        // The parent style read in its box: passed as a value, it was copied out of the box
        // for the call and again for its address (four 136-byte copies an element).
        let declarations = checkedDeclarations(of: w.element)
        return (w.parentStyle.child(cascaded: declarations), declarations, inDocument)
    }

    /// Warns about references to other files in the `url()` values of `declarations`.
    mutating func warnExternalURLs(_ declarations: CascadedList, element: Int) {
        if declarations.isPlain { return }
        for i in declarations.indices where declarations[i].text.contains(0x28) {
            warnExternalURLs(declarations[i].value, element: element)
        }
    }

    /// Whether ``warnExternalURLs(_:element:)`` may warn about `declarations`: some value holds
    /// `(` and a `url(` that may not point into this document (false for the `url(#id)`
    /// references of most drawings, so the builder skips them).
    static func mayReferenceOtherFiles(_ declarations: CascadedList) -> Bool {
        // A plain list's only references are `url(#id)`s (``CascadedList/isPlain``).
        if declarations.isPlain { return false }
        return declarations.indices.contains {
            declarations[$0].text.contains(0x28) && declarations[$0].text.withBytes { !allURLsLocal(bytes: $0) }
        }
    }

    /// Warns about each `url(…)` in a value that does not point into this document.
    mutating func warnExternalURLs(_ value: String, element: Int) {
        if Self.allURLsLocal(value) { return }
        var rest = value[...]
        while let r = rest.firstRange(of: "url(") {
            let inner = rest[r.upperBound...]
            guard let close = inner.firstIndex(of: ")") else { break }
            let target = inner[..<close].trimmingCharacters(in: " \t\n\r\"'")
            if !target.hasPrefix("#") { warn("external reference '\(target.prefix(80))' dropped", element) }
            rest = inner[close...]
        }
    }

    /// True when every `url(` in the text is followed (after spaces and quotes) by `#`: then
    /// `warnExternalURLs` has nothing to say (a byte scan instead of its text search). False
    /// whenever unsure, so the full check decides.
    static func allURLsLocal(_ value: String) -> Bool {
        var text = value
        return text.withUTF8(allURLsLocal(bytes:))
    }

    /// ``allURLsLocal(_:)`` of UTF-8 bytes.
    static func allURLsLocal(bytes u: UnsafeBufferPointer<UInt8>) -> Bool {
        // Only plain ASCII without CR (CR LF is one character) scans the same as characters.
        if u.contains(where: { $0 >= 0x80 || $0 == 0x0D }) { return false }
        var i = 0
        while let p = u[i...].firstIndex(of: UInt8(ascii: "(")) {
            // `url(` ends at this parenthesis.
            if p >= 3, u[p - 3] == UInt8(ascii: "u"), u[p - 2] == UInt8(ascii: "r"), u[p - 1] == UInt8(ascii: "l") {
                var j = p + 1
                while j < u.count, u[j] == 0x20 || u[j] == 0x09 || u[j] == 0x0A || u[j] == 0x0D || u[j] == 0x22 || u[j] == 0x27 {
                    j += 1
                }
                guard j < u.count, u[j] == UInt8(ascii: "#") else { return false }
                // Anything after the `#` up to `)` belongs to this reference; a further
                // `url(` inside it is left to the full check.
                if let close = u[j...].firstIndex(of: UInt8(ascii: ")")) {
                    if u[j..<close].contains(UInt8(ascii: "(")) { return false }
                    i = close + 1
                    continue
                }
                return true
            }
            i = p + 1
        }
        return true
    }

    /// The style an element has in the document itself (used for clip paths, paint servers
    /// and markers, which inherit from where they are defined, not from where they are used).
    mutating func documentStyle(of element: Int) -> ComputedStyle {
        if let s = documentStyles[element] { return s }
        var chain: [Int] = []
        var cur: Int? = element
        while let c = cur, documentStyles[c] == nil {
            chain.append(c)
            cur = tree[c].parent
        }
        var style = cur.flatMap { documentStyles[$0] } ?? ComputedStyle.initial
        for c in chain.reversed() {
            style = computeStyle(c, parent: style).0
            documentStyles[c] = style
        }
        return style
    }
}

extension SceneBuilder.StyleBox {
    /// ``ComputedStyle/child(cascaded:)`` of the style in the box, read where it is.
    func child(cascaded declarations: CascadedList) -> ComputedStyle {
        withUnsafePointer(to: value) { ComputedStyle.child(of: $0, cascaded: declarations) }
    }
}
