import LaminaCore

/// The cascade of one document: `<style>` sheets, presentation attributes and `style`
/// attributes, giving each element its specified declarations (SPEC §5).
///
/// Levels from low to high: presentation attributes; sheet rules by specificity then order;
/// the `style` attribute; sheet `!important`; `style` `!important`. Rules are indexed by
/// their rightmost compound's id, class or type, and descendant matching is memoized, so
/// matching stays linear in the number of elements. Rules whose selector is `*` alone match every
/// element: their declarations are merged once (``UnconditionalBlock``) instead of being matched
/// and offered per element, and a selector repeated in a row (`svg *{…}` thousands of times) is
/// matched once with its rules' declarations merged, so such sheets cost their size, not
/// rules × elements.
package struct StyleCascade: Sendable {
    /// A selector of some rule, flattened for matching.
    struct IndexedSelector: Sendable {
        var selector: StyleSheet.Selector
        var rule: Int
        var specificity: Int
        /// The declarations offered where it matches: `parsedRules[parsed]`, its rule's, or those
        /// of a run of repeats of it merged.
        var parsed: Int
        /// Whether the matcher leaves it out: a `*` (in ``unconditional``) or a repeat of the
        /// selector before it (merged into that one's declarations).
        var merged = false
    }

    let tree: ElementTree
    /// What each attribute name of the tree is to the cascade (``AttributeRoles/cascade``) and
    /// to the builder's passes: one byte read per attribute, not a name record.
    let attributeRoles: AttributeRoles
    var rules: [StyleSheet.Rule] = []
    /// Each rule's declarations with their property ids and parsed values, parsed once for
    /// every element the rule matches (a plot's `*{stroke-linejoin: round}` matches them all);
    /// then those of each run of a repeated selector, merged.
    var parsedRules: [[(declaration: CascadedDeclaration, important: Bool)]] = []
    var selectors: [IndexedSelector] = []
    /// The selectors matching each element, in cascade order (none when no selector is matched).
    var matched = SelectorMatcher.MatchTable()
    /// The unconditional selectors' declarations, merged per run (in selector order); they are
    /// not in ``matched``.
    var unconditional: [UnconditionalBlock] = []

    /// The merged declarations of a run of unconditional selectors (`*`), those between two
    /// other selectors of specificity 0 (`* > *`, `* + *`), with which they interleave in the
    /// cascade by source order. Offering the block where its first selector would come leaves
    /// the same winners as offering each rule: for each property the last `!important`
    /// declaration wins, else the last one, and new properties keep their order of appearance.
    struct UnconditionalBlock: Sendable {
        /// The selector that ends the run (each of the run's selectors comes before it):
        /// another selector of specificity 0, or `selectors.count` after the last.
        var end: Int32
        /// The run's winners, `font` expanded, invalid values dropped.
        var declarations: [(declaration: CascadedDeclaration, important: Bool)]
    }

    /// Collects every `<style>` element (no `type`, or `text/css`) and matches its rules
    /// against all elements; `@import` and similar notices go to `diagnostics`. Tests turn off
    /// `mergesRules` to compare with every match stored and offered alone.
    package init(tree: ElementTree, diagnostics: inout [Diagnostic], mergesRules: Bool = true) {
        self.tree = tree
        attributeRoles = AttributeRoles(tree.table)
        for i in Self.styleElements(tree) {
            let e = tree[i]
            let type = e.attribute("type")?.trimmingCharactersCSS().lowercased() ?? ""
            guard type.isEmpty || type == "text/css" else { continue }
            var warnings: [String] = []
            let sheet = StyleSheet(parsing: e.text, warnings: &warnings)
            for w in warnings { diagnostics.append(.warning(w, at: tree.location(of: i))) }
            rules += sheet.rules
        }
        parsedRules = rules.map { rule in
            rule.declarations.map { d in
                (CascadedDeclaration(name: d.name, value: d.value), d.important)
            }
        }
        for (r, rule) in rules.enumerated() {
            for s in rule.selectors {
                selectors.append(IndexedSelector(selector: s, rule: r, specificity: s.specificity, parsed: r))
            }
        }
        if mergesRules {
            mergeUnconditionalRules()
            mergeRepeatedSelectors()
        }
        if selectors.contains(where: { !$0.merged }) {
            var matcher = SelectorMatcher(tree: tree, selectors: selectors, leavingOutMerged: true)
            matched = matcher.matchAll()
        }
    }

    /// The `style` elements (SVG or no namespace) in document order. The names are compared
    /// once per distinct element name, then the elements' name ids: comparing each element's
    /// name string (on the one-thread stretch before the build) cost ~70 instructions an
    /// element, 7.3 M at deep-1e5, in documents that mostly have no `style` element at all.
    static func styleElements(_ tree: ElementTree) -> [Int] {
        let names = tree.table.elementNames
        let styleNames = names.indices.filter { names[$0].name == "style" && (names[$0].isSVG || names[$0].namespace == nil) }
        guard !styleNames.isEmpty else { return [] }
        return tree.table.elements.withUnsafeBufferPointer { records in
            records.indices.filter { styleNames.contains(Int(records[$0].name)) }
        }
    }

    /// Fills ``unconditional``: the selectors of specificity 0 in source order, each run of
    /// `*` merged up to the next other one.
    private mutating func mergeUnconditionalRules() {
        var run = CascadeWinners()
        for (k, s) in selectors.enumerated() where s.specificity == 0 {
            if s.selector.isUnconditional {
                Self.offer(parsedRules[s.parsed], to: &run)
                selectors[k].merged = true
            } else if !run.isEmpty {
                unconditional.append(UnconditionalBlock(end: Int32(k), declarations: run.flagged))
                run = CascadeWinners()
            }
        }
        if !run.isEmpty {
            unconditional.append(UnconditionalBlock(end: Int32(selectors.count), declarations: run.flagged))
        }
    }

    /// Merges each run of a selector repeated in a row (`svg *{…}` written thousands of times,
    /// `a, a`): the repeats match the same elements and are next to each other in every
    /// element's cascade order, so the first offers the run's declarations merged and the
    /// others are not matched. Runs of `*` are merged already.
    private mutating func mergeRepeatedSelectors() {
        var k = 0
        while k < selectors.count {
            var end = k + 1
            while end < selectors.count, !selectors[k].merged, selectors[end].selector == selectors[k].selector { end += 1 }
            if end - k > 1 {
                var run = CascadeWinners()
                for j in k..<end { Self.offer(parsedRules[selectors[j].parsed], to: &run) }
                for j in (k + 1)..<end { selectors[j].merged = true }
                selectors[k].parsed = parsedRules.count
                parsedRules.append(run.flagged)
            }
            k = end
        }
    }

    /// Offers sheet declarations parsed already, read in place (copying each entry out would
    /// retain its strings).
    @inline(__always)
    private static func offer(
        _ declarations: [(declaration: CascadedDeclaration, important: Bool)], to winners: inout CascadeWinners
    ) {
        declarations.withUnsafeBufferPointer { list in
            for k in list.indices { winners.offer(parsed: list[k].declaration, important: list[k].important) }
        }
    }

    /// The winning declaration of every property specified on `element`, in the order each
    /// property first appears (presentation attributes, then sheet rules, then `style`).
    /// Declarations with invalid values for the properties Lamina computes are dropped first.
    package func declarations(for element: Int) -> [(name: String, value: String)] {
        cascaded(for: element).map { (name: $0.name, value: $0.value) }
    }

    /// The same as `declarations(for:)`, each with its property id and parsed value (every
    /// value is parsed once, for validity and for `ComputedStyle.child(cascaded:)`), in a list
    /// of its own.
    package func cascaded(for element: Int) -> CascadedList {
        var arena = CascadeArena(chunkCapacity: CascadeWinners.scratchCapacity)
        return cascaded(for: element, in: &arena)
    }

    /// ``cascaded(for:)`` in `arena`'s memory: the winners are gathered where the list keeps
    /// them, and a list costs no allocation of its own.
    package func cascaded(for element: Int, in arena: inout CascadeArena) -> CascadedList {
        guard element >= 0, element < tree.count else { return CascadedList() }
        let storage = arena.storage(withRoom: CascadeWinners.scratchCapacity)
        var winners = CascadeWinners(scratch: storage.free)
        offerAll(for: element, to: &winners)
        return winners.take(into: &arena, from: storage)
    }

    /// Offers every declaration that applies to `element` to `winners`, in cascade order.
    private func offerAll(for element: Int, to winners: inout CascadeWinners) {
        // One pass over the attributes: presentation attributes in order, and the first `style`.
        // The name records are read in place (copying one would retain its three strings).
        // Values are read from the arena in place; a known property's makes no `String`.
        let table = tree.table
        let nameIDs = table.attributeNameIDs, roles = attributeRoles.entries
        var style = -1
        table.arena.withUnsafeBufferPointer { arena in
            for s in tree.attributeSlots(element) {
                let id = Int(nameIDs[s])
                let role = roles[id].cascade
                if role == AttributeRoles.noRole { continue }
                // A property's raw value, or the `style` role past them (not through
                // `CSSProperty(rawValue:)`, a call per attribute).
                if role <= CSSProperty.other.rawValue {
                    let property = unsafeBitCast(role, to: CSSProperty.self)
                    let r = table.valueRange(s)
                    let value = UnsafeBufferPointer(rebasing: arena[CSSBytes.trimmed(arena, r.lowerBound, r.upperBound)])
                    if property == .other {
                        winners.offer(table.attributeNames[id].name, String(decoding: value, as: UTF8.self), property, important: false)
                    } else {
                        winners.offer(property, bytes: value, in: arena, important: false)
                    }
                } else if style < 0 {
                    style = s
                }
            }
        }
        // The `*` runs, each before the first match of higher cascade order.
        var run = 0
        if !matched.start.isEmpty {
            for m in matched.of(element) {
                while run < unconditional.count, unconditional[run].end <= m || selectors[Int(m)].specificity > 0 {
                    Self.offer(unconditional[run].declarations, to: &winners)
                    run += 1
                }
                // Read in place: copying each entry out would retain its strings.
                parsedRules[selectors[Int(m)].parsed].withUnsafeBufferPointer { list in
                    for k in list.indices { winners.offer(parsed: list[k].declaration, important: list[k].important) }
                }
            }
        }
        while run < unconditional.count {
            Self.offer(unconditional[run].declarations, to: &winners)
            run += 1
        }
        if style >= 0 { offerStyle(slot: style, to: &winners) }
    }

    /// Offers the declarations of the `style` attribute in `slot` to `winners`, as
    /// ``ElementTree/forEachStyleDeclaration(slot:_:)`` reads them. A value without a comment
    /// (nearly all) is read here with the reading and the offers inlined in one loop: through
    /// the tree's function, each declaration was a call of a closure (and `offerAll`, too
    /// large a caller, did not take that function inlined).
    @inline(never) private func offerStyle(slot: Int, to winners: inout CascadeWinners) {
        let r = tree.table.valueRange(slot)
        let plain = tree.table.arena.withUnsafeBufferPointer { arena -> Bool in
            guard !CSSBytes.contains(UnsafeBufferPointer(rebasing: arena[r]), UInt8(ascii: "/")) else { return false }
            CSSBytes.forEachPropertyDeclaration(arena, r.lowerBound, r.upperBound) { property, name, value, important in
                Self.offer(property, arena, name, value, important, to: &winners)
            }
            return true
        }
        if plain { return }
        tree.forEachStyleDeclaration(slot: slot) { property, bytes, name, value, important in
            Self.offer(property, bytes, name, value, important, to: &winners)
        }
    }

    /// Offers one `style` declaration, its name and value ranges in `bytes`.
    @inline(__always) private static func offer(
        _ property: CSSProperty, _ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, _ value: Range<Int>,
        _ important: Bool, to winners: inout CascadeWinners
    ) {
        if property == .other {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[value]), as: UTF8.self)
            winners.offer(CSSBytes.asciiLower(bytes, name), text, property, important: important)
        } else {
            winners.offer(property, bytes: UnsafeBufferPointer(rebasing: bytes[value]), in: bytes, important: important)
        }
    }
}

extension String {
    /// The text without leading and trailing CSS whitespace.
    func trimmingCharactersCSS() -> String {
        let s = self[...].trimmingCSSSpaces()
        return s.utf8.count == utf8.count ? self : String(s)
    }
}
