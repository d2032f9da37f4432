import LaminaCore

/// `mask` references in mask markup: a `mask` on a `<mask>` element itself, and masks inside a
/// mask's content.
///
/// SVG makes `mask` apply to container elements, `<mask>` among them, and resvg and librsvg
/// apply a mask's own mask to the mask's image; Chromium ignores it. Written as a group inside
/// the mask, around its children, every renderer applies it (they all draw a mask on a mask's
/// child), so the output draws what SVG, resvg and librsvg draw. A reference that leads back to
/// the mask it is in (directly, through another mask's own mask, or through masks in their
/// content) is dropped with a warning, as resvg and Chromium draw it.
extension SceneBuilder {
    /// How markup writes an element's `mask` reference.
    enum MaskReferenceForm {
        /// `mask="url(#id)"` on the element.
        case attribute
        /// A `<g mask="url(#id)">` around the children of the `<mask>` it is on.
        case childGroup
        /// Not written: it forms a cycle.
        case dropped
    }

    /// How the `mask` reference `id` on element `e` is written in markup.
    mutating func maskReferenceForm(_ id: String, on e: Int) -> MaskReferenceForm {
        // The mask `e` is in (itself first); elsewhere a reference is written as it stands.
        var holder: Int? = e
        while let h = holder, !(tree[h].isSVG && tree[h].name == "mask") { holder = tree.parent(h) }
        guard let holder, let target = element(id: id), tree[target].isSVG, tree[target].name == "mask" else {
            return .attribute
        }
        if maskReaches(holder, from: target) {
            let holderName = tree.attribute(holder, "id").map { "'#\($0)'" } ?? "it is in"
            warn("mask reference '#\(id)' leads back to the mask \(holderName); ignored", e)
            return .dropped
        }
        guard e == holder else { return .attribute }
        // Moved inside, the mask's own mask takes the box of the mask's content instead of the
        // masked element's and the space of its content: the same picture when neither mask
        // maps its content onto a box and the inner one's region is not set in box units (its
        // default region covers whatever the content draws).
        func units(_ m: Int, _ name: String) -> Substring? { tree.attribute(m, name).map { Substring($0).trimmingCSSSpaces() } }
        func boxContent(_ m: Int) -> Bool { units(m, "maskContentUnits") == "objectBoundingBox" }
        let userRegion = units(target, "maskUnits") == "userSpaceOnUse"
        let setRegion = ["x", "y", "width", "height"].contains { tree.hasAttribute(target, $0) }
        return boxContent(holder) || boxContent(target) || (setRegion && !userRegion) ? .attribute : .childGroup
    }

    /// Whether mask `start`, its own mask or a mask referenced inside its content (and so on)
    /// is `holder`.
    private mutating func maskReaches(_ holder: Int, from start: Int) -> Bool {
        var seen: Set<Int> = [start]
        var masks = [start]
        while let m = masks.popLast() {
            if m == holder { return true }
            // The mask and its descendants, each with the masks it references.
            var elements = [m]
            while let e = elements.popLast() {
                for item in tree.contentItems(e) where item >= 0 { elements.append(Int(item)) }
                guard tree[e].isSVG, let id = computeStyle(e, parent: .initial).0.mask, let next = element(id: id),
                    tree[next].isSVG, tree[next].name == "mask", seen.insert(next).inserted
                else { continue }
                masks.append(next)
            }
        }
        return false
    }
}
