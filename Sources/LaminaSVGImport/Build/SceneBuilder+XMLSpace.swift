import LaminaCore

/// `xml:space` applies to the whole content of the element that sets it unless overridden
/// (XML 1.0 §2.10), as resvg and librsvg read it; browsers read it on text elements only.
/// Markup written verbatim leaves its ancestors behind, so what it inherits is written on it.
extension SceneBuilder {
    /// The element's own `xml:space`: 1 `default`, 2 `preserve`, 0 none.
    static func ownXMLSpace(_ el: ElementView) -> UInt8 {
        switch el.attribute("space", namespace: XMLNamespace.xml) {
        case "default"?: 1
        case "preserve"?: 2
        default: 0
        }
    }

    /// The `xml:space` in effect inside element `e`: its own, else its nearest ancestor's (0 none).
    /// Each element on the way up is memoized, so many texts in one deep group walk it once.
    mutating func xmlSpace(inside e: Int) -> UInt8 {
        var path: [Int] = []
        var cur: Int? = e
        var value: UInt8 = 0
        while let c = cur {
            if let known = xmlSpaceMemo[c] {
                value = known
                break
            }
            path.append(c)
            let own = Self.ownXMLSpace(tree[c])
            if own != 0 {
                value = own
                break
            }
            cur = tree.parent(c)
        }
        for p in path { xmlSpaceMemo[p] = value }
        return value
    }

    /// Whether the output's root carries `xml:space="preserve"`: the input root has it and there
    /// is text for it to apply to (Adobe Illustrator writes it on every root).
    var outputPreservesSpace: Bool { Self.ownXMLSpace(tree[0]) == 2 && tree.hasSVGText }

    /// The `xml:space` value to write on element `e`, the root of verbatim markup, when the one it
    /// inherits differs from the one the output gives it: the output's root carries the input
    /// root's `preserve` (``Resolver``'s output space), so a text under a `<g xml:space="preserve">`
    /// or, under such a root, a `<g xml:space="default">` needs its own. Nil otherwise.
    mutating func inheritedXMLSpace(of e: Int) -> String? {
        guard e != 0, Self.ownXMLSpace(tree[e]) == 0, let parent = tree.parent(e) else { return nil }
        let inherited = max(xmlSpace(inside: parent), 1)
        // The common case, no `xml:space` above: nothing to look at further.
        if inherited == 1 && Self.ownXMLSpace(tree[0]) != 2 { return nil }
        guard tree.hasSVGText else { return nil }
        let output: UInt8 = outputPreservesSpace ? 2 : 1
        guard inherited != output else { return nil }
        return inherited == 2 ? "preserve" : "default"
    }
}
