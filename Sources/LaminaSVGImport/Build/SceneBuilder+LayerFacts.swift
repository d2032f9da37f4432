import LaminaCore

extension SceneBuilder {
    /// What ``makeLayer(_:style:transform:content:)`` reads from the element itself: a pure
    /// function of the document (so ``ElementPrefetch`` can compute it ahead).
    ///
    /// Where the id, class and title are, not their text: a plain value, copied out of the
    /// prefetch and destroyed without a retain or release (three `String?` were copied and
    /// destroyed through outlined value witnesses, 150 instructions a layer, though one element
    /// in ten has any of them). The text is made where it is used.
    struct LayerFacts: Sendable {
        /// The slot of the first `id` attribute, or -1.
        var idSlot = -1
        /// The slot of the first `class` attribute, or -1.
        var classSlot = -1
        /// The element's first `title` child, or -1.
        var titleElement = -1
        /// Some attribute is in the Lamina namespace (``applyAuthoring(to:element:color:)`` has work).
        var authored = false
        /// Some attribute is an event attribute (``warnEventAttributes(_:)`` has work).
        var hasEvents = false

        /// The value of the first `id` attribute.
        func id(in tree: ElementTree) -> String? { idSlot < 0 ? nil : tree.attributeValue(slot: idSlot) }

        /// The value of the first `class` attribute.
        func className(in tree: ElementTree) -> String? { classSlot < 0 ? nil : tree.attributeValue(slot: classSlot) }

        /// The text of the first `title` child, trimmed (nil when empty).
        func title(in tree: ElementTree) -> String? { titleElement < 0 ? nil : SceneBuilder.titleText(in: tree, titleElement) }
    }

    /// ``LayerFacts`` of element `e`, in one pass over its attributes that reads one role byte
    /// each (``AttributeRoles``, of `tree`'s names; no name is compared): the first `id` and
    /// `class`, as `tree.attribute(e, …)` finds them.
    static func layerFacts(in tree: ElementTree, roles: AttributeRoles, _ e: Int) -> LayerFacts {
        var facts = LayerFacts()
        let table = tree.table
        for s in table.attributeSlots(e) {
            let r = roles.role(slot: s, in: table) & AttributeRoles.layerFactBits
            if r == 0 { continue }
            if r & AttributeRoles.id != 0, facts.idSlot < 0 { facts.idSlot = s }
            if r & AttributeRoles.className != 0, facts.classSlot < 0 { facts.classSlot = s }
            if r & AttributeRoles.lamina != 0 { facts.authored = true }
            if r & AttributeRoles.event != 0 { facts.hasEvents = true }
        }
        // Most documents have no `title`: then no child is looked at.
        if roles.titleName >= 0 { facts.titleElement = titleElement(in: tree, of: e) ?? -1 }
        return facts
    }

    /// The text of the element's first `title` child, trimmed.
    func title(of element: Int) -> String? {
        Self.title(in: tree, of: element)
    }

    /// The text of the first `title` child of `element` in `tree`, trimmed.
    static func title(in tree: ElementTree, of element: Int) -> String? {
        titleElement(in: tree, of: element).flatMap { titleText(in: tree, $0) }
    }

    /// The first `title` child of `element` in `tree`.
    static func titleElement(in tree: ElementTree, of element: Int) -> Int? {
        for item in tree.contentItems(element) where item >= 0 {
            let c = Int(item)
            if tree.kind(c) == .silent, tree.name(c) == "title", tree.isSVG(c) { return c }
        }
        return nil
    }

    /// The text of `title` element `c`, trimmed; nil when empty.
    static func titleText(in tree: ElementTree, _ c: Int) -> String? {
        let t = tree[c].text.trimmingCharacters(in: " \t\n\r")
        return t.isEmpty ? nil : t
    }
}
