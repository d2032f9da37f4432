/// The winning declaration of each property of one element while `StyleCascade.cascaded(for:)`
/// offers its declarations, in the order each property first appears.
///
/// Declarations are offered in cascade order: presentation attributes, sheet rules by
/// specificity then source order, the `style` attribute. Within each importance that order is
/// rising priority, so a later declaration beats an earlier one of the same property unless the
/// earlier one is `!important` and the later one is not; only that flag is kept per winner.
struct CascadeWinners {
    /// The winners so far.
    private(set) var declarations: [CascadedDeclaration] = []
    /// Whether each winner is `!important` (false past the end; empty until the first one).
    private var important: [Bool] = []
    /// The index of each winner by name, once there are many (hashing beats a scan then).
    private var slot: [String: Int] = [:]

    /// Offers one declaration, after every declaration of lower cascade order of the same
    /// importance. An invalid value is dropped (CSS then lets a lower-priority valid one win).
    mutating func offer(_ name: String, _ value: String, _ property: CSSProperty, important isImportant: Bool) {
        if property == .other, name == "font" {
            // With a `var()`, each longhand waits for the substitution (`deferredFont`).
            if CustomProperties.referencesVariables(value) {
                for n in FontShorthand.longhands { place(n, value, CSSProperty.of(n), .deferredFont, important: isImportant) }
                return
            }
            // The shorthand: its longhands, each in its place in the cascade.
            guard let longhands = FontShorthand.expand(value) else { return }
            for (n, v) in longhands { offer(n, v, CSSProperty.of(n), important: isImportant) }
            return
        }
        place(name, value, property, ComputedStyle.parse(property, value), important: isImportant)
    }

    /// Offers one declaration already parsed (a sheet's, parsed once for every element it
    /// matches); the `font` shorthand goes through ``offer(_:_:_:important:)``.
    mutating func offer(parsed d: CascadedDeclaration, important isImportant: Bool) {
        if d.property == .other, d.name == "font" { return offer(d.name, d.value, d.property, important: isImportant) }
        place(d.name, d.value, d.property, d.parsed, important: isImportant)
    }

    /// Makes a parsed declaration the winner for its property unless an `!important` one is.
    @inline(__always) private mutating func place(
        _ name: String, _ value: String, _ property: CSSProperty, _ parsed: consuming ParsedValue, important isImportant: Bool
    ) {
        if case .invalid = parsed { return }
        if let k = index(of: name, property) {
            guard isImportant || !winnerIsImportant(k) else { return }
            declarations[k].value = value
            declarations[k].parsed = parsed
            if isImportant { markImportant(k) }
            return
        }
        if declarations.isEmpty { declarations.reserveCapacity(8) }
        if declarations.count == 31 {
            for k in declarations.indices { slot[declarations[k].name] = k }
        }
        if declarations.count >= 31 { slot[name] = declarations.count }
        declarations.append(CascadedDeclaration(name: name, value: value, property: property, parsed: parsed))
        if isImportant { markImportant(declarations.count - 1) }
    }

    /// The winners with their `!important` flags, in order of first appearance: offered again
    /// in that order, after what came before them, they leave the same winners as the
    /// declarations that made them (for each property the last `!important` one wins, else the
    /// last one; a property is new where it first appeared).
    var flagged: [(declaration: CascadedDeclaration, important: Bool)] {
        declarations.indices.map { (declarations[$0], winnerIsImportant($0)) }
    }

    /// Whether winner `k` is `!important`.
    private func winnerIsImportant(_ k: Int) -> Bool { k < important.count && important[k] }

    /// Marks winner `k` `!important` (the flags are made on the first).
    private mutating func markImportant(_ k: Int) {
        if important.count <= k { important += repeatElement(false, count: k + 1 - important.count) }
        important[k] = true
    }

    /// The index of the winner for the property, if any. Elements specify few properties: a
    /// scan (of ids, and of names for `.other`) beats hashing until there are many.
    private func index(of name: String, _ property: CSSProperty) -> Int? {
        guard declarations.count < 32 else { return slot[name] }
        for k in declarations.indices where declarations[k].property == property {
            if property != .other || declarations[k].name == name { return k }
        }
        return nil
    }
}
