/// The winning declaration of each property of one element while `StyleCascade.cascaded(for:)`
/// offers its declarations, in the order each property first appears.
///
/// Declarations are offered in cascade order: presentation attributes, sheet rules by
/// specificity then source order, the `style` attribute. Within each importance that order is
/// rising priority, so a later declaration beats an earlier one of the same property unless the
/// earlier one is `!important` and the later one is not; only that flag is kept per winner.
///
/// The winners are kept in memory the caller lends (``init(scratch:)``: the cascade lends the
/// free memory of its ``CascadeArena``, room for at least ``scratchCapacity``), moved to memory
/// of their own only when they outgrow it, and handed out by ``take(into:from:)`` as a
/// ``CascadedList`` where they are (no array of their own per element).
struct CascadeWinners: ~Copyable {
    /// The winners so far: `count` of them from `base`, which has room for `capacity`.
    private var base: UnsafeMutablePointer<CascadedDeclaration>
    private(set) var count = 0
    private var capacity: Int
    /// Whether `base` was allocated here (freed here), not lent by the caller.
    private var ownsStorage: Bool
    /// Whether each of the first 64 winners is `!important` (bit `k` for winner `k`).
    private var importantBits: UInt64 = 0
    /// Bit `p` is set once a winner of the property with raw value `p` (`.other` included) is
    /// here: the first declaration of a property, most of an element's, is placed without a scan.
    private var seenProperties: UInt32 = 0
    /// Whether every declaration offered since the last ``take(into:from:)`` was one that
    /// ``ComputedStyle/parseFast(_:bytes:)`` reads (a `#rgb`, `#rrggbb` or `none` paint or stop
    /// colour, a plain number or percentage for an opacity or `stroke-width`, a `url(#id)` for
    /// `clip-path`, `mask` or `filter`): then the winners hold no `color`, `font-size`, transform
    /// or other property, no `var()` and no reference to another file (``CascadedList/isPlain``).
    /// Cleared by any other offer, winning or not; sheet declarations clear it.
    private(set) var isPlain = true
    /// What only many winners need, made when first needed: most elements have a few, and an
    /// empty array and dictionary released per element cost 60 instructions.
    private var many: Many?

    /// The `!important` flags of winners past the first 64, and the index of each winner by
    /// name once there are many (hashing beats a scan then).
    private final class Many {
        var important: [Bool] = []
        var slot = [String: Int]()
    }

    /// Winners that fit the scratch of a typical element.
    static let scratchCapacity = 8

    /// Winners kept in `scratch` (uninitialized memory the caller frees, after this is gone)
    /// until they outgrow it.
    init(scratch: UnsafeMutableBufferPointer<CascadedDeclaration>) {
        base = scratch.baseAddress ?? UnsafeMutablePointer<CascadedDeclaration>.allocate(capacity: 1)
        capacity = scratch.baseAddress == nil ? 1 : scratch.count
        ownsStorage = scratch.baseAddress == nil
    }

    /// Winners in memory of their own (merging a sheet's rules, once per document).
    init() {
        base = UnsafeMutablePointer<CascadedDeclaration>.allocate(capacity: Self.scratchCapacity)
        capacity = Self.scratchCapacity
        ownsStorage = true
    }

    deinit {
        if count > 0 { base.deinitialize(count: count) }
        if ownsStorage { base.deallocate() }
    }

    /// Whether there is no winner yet.
    var isEmpty: Bool { count == 0 }

    /// The winners, in order of first appearance, as a list in `storage` (whose free memory
    /// they were gathered in, unless they outgrew it: then they are moved to `arena`'s);
    /// none are left here. Inlined into the cascade's one call, once per element.
    @inline(__always) mutating func take(into arena: inout CascadeArena, from storage: consuming CascadedStorage) -> CascadedList {
        let n = count, plain = isPlain
        isPlain = true
        guard n > 0 else { return CascadedList() }
        count = 0
        seenProperties = 0
        if !ownsStorage { return arena.adopt(n, in: storage, plain: plain) }
        let target = arena.storage(withRoom: n)
        target.free.baseAddress!.moveInitialize(from: base, count: n)
        return arena.adopt(n, in: target, plain: plain)
    }

    /// Offers one declaration, after every declaration of lower cascade order of the same
    /// importance. An invalid value is dropped (CSS then lets a lower-priority valid one win).
    mutating func offer(_ name: String, _ value: String, _ property: CSSProperty, important isImportant: Bool) {
        isPlain = false
        if property == .other, name == "font" {
            // With a `var()`, each longhand waits for the substitution (`deferredFont`).
            if CustomProperties.referencesVariables(value) {
                for n in FontShorthand.longhands { place(n, CSSText(value), CSSProperty.of(n), .deferredFont, important: isImportant) }
                return
            }
            // The shorthand: its longhands, each in its place in the cascade.
            guard let longhands = FontShorthand.expand(value) else { return }
            for (n, v) in longhands { offer(n, v, CSSProperty.of(n), important: isImportant) }
            return
        }
        place(name, CSSText(value), property, ComputedStyle.parse(property, value), important: isImportant)
    }

    /// Offers a declaration of a known property (not `.other`) whose value is `value`'s bytes
    /// (trimmed), read in place inside `whole`: parsed from them, and kept as ``CSSText`` (no
    /// `String` for short ASCII text); the same winners as ``offer(_:_:_:important:)`` of its
    /// text. Inlined: both of the cascade's loops call it for nearly every declaration.
    @inline(__always) mutating func offer(
        _ property: CSSProperty, bytes value: UnsafeBufferPointer<UInt8>, in whole: UnsafeBufferPointer<UInt8>,
        important isImportant: Bool
    ) {
        let parsed = ComputedStyle.parse(property, bytes: value, plain: &isPlain)
        if case .invalid = parsed { return }
        place(nil, CSSText(bytes: value, in: whole), property, parsed, important: isImportant)
    }

    /// Offers one declaration already parsed (a sheet's, parsed once for every element it
    /// matches); the `font` shorthand goes through ``offer(_:_:_:important:)``.
    mutating func offer(parsed d: CascadedDeclaration, important isImportant: Bool) {
        isPlain = false
        if d.property == .other, d.name == "font" { return offer(d.name, d.value, d.property, important: isImportant) }
        if case .invalid = d.parsed { return }
        if let k = index(of: d) {
            guard isImportant || !winnerIsImportant(k) else { return }
            base[k].text = d.text
            base[k].parsed = d.parsed
            if isImportant { markImportant(k) }
            return
        }
        prepareAppend(d.name, d.property)
        (base + count).initialize(to: d)
        count += 1
        if isImportant { markImportant(count - 1) }
    }

    /// Makes a parsed declaration the winner for its property unless an `!important` one is;
    /// `name` is nil for a known property.
    @inline(__always) private mutating func place(
        _ name: String?, _ text: consuming CSSText, _ property: CSSProperty, _ parsed: consuming ParsedValue,
        important isImportant: Bool
    ) {
        if case .invalid = parsed { return }
        // The bit read here, in a mutating function: through the borrowing ``index(of:_:)``,
        // the whole list of winners was copied to the stack for it at every offer.
        if seenProperties & (1 &<< UInt32(property.rawValue)) != 0, let k = index(seen: name, property) {
            guard isImportant || !winnerIsImportant(k) else { return }
            base[k].text = consume text
            base[k].parsed = consume parsed
            if isImportant { markImportant(k) }
            return
        }
        append(property == .other ? name : nil, text, property, parsed, important: isImportant)
    }

    /// Adds the winner of a property not seen yet. Inlined (its rare steps are not): a call with
    /// the declaration's fields on the stack was ~20 instructions of its ~60.
    @inline(__always) private mutating func append(
        _ name: consuming String?, _ text: consuming CSSText, _ property: CSSProperty, _ parsed: consuming ParsedValue,
        important isImportant: Bool
    ) {
        prepareAppend(name, property)
        (base + count).initialize(to: CascadedDeclaration(property: property, parsed: parsed, ownName: name, text: text))
        count += 1
        if isImportant { markImportant(count - 1) }
    }

    /// Makes room for a winner of a property not seen yet (named `name`, or the known
    /// property's name when nil), and indexes it once there are many.
    @inline(__always) private mutating func prepareAppend(_ name: borrowing String?, _ property: CSSProperty) {
        if count == capacity { grow() }
        seenProperties |= 1 << UInt32(property.rawValue)
        if count >= 31 { indexForAppend(copy name ?? PropertyNames.names[Int(property.rawValue)]) }
    }

    /// Moves the winners to memory of their own with twice the room.
    @inline(never) private mutating func grow() {
        let room = max(2 * capacity, Self.scratchCapacity)
        let moved = UnsafeMutablePointer<CascadedDeclaration>.allocate(capacity: room)
        moved.moveInitialize(from: base, count: count)
        if ownsStorage { base.deallocate() }
        base = moved
        capacity = room
        ownsStorage = true
    }

    /// Indexes the winners by name, once there are 31, and the next one, named `name`.
    @inline(never) private mutating func indexForAppend(_ name: String) {
        let m = manyMade()
        if count == 31 {
            for k in 0..<count { m.slot[base[k].name] = k }
        }
        m.slot[name] = count
    }

    /// The winners with their `!important` flags, in order of first appearance: offered again
    /// in that order, after what came before them, they leave the same winners as the
    /// declarations that made them (for each property the last `!important` one wins, else the
    /// last one; a property is new where it first appeared).
    var flagged: [(declaration: CascadedDeclaration, important: Bool)] {
        var out: [(declaration: CascadedDeclaration, important: Bool)] = []
        out.reserveCapacity(count)
        for k in 0..<count { out.append((base[k], winnerIsImportant(k))) }
        return out
    }

    /// Whether winner `k` is `!important`.
    private func winnerIsImportant(_ k: Int) -> Bool {
        if k < 64 { return importantBits & (1 << UInt64(k)) != 0 }
        guard let important = many?.important, k - 64 < important.count else { return false }
        return important[k - 64]
    }

    /// Marks winner `k` `!important`.
    private mutating func markImportant(_ k: Int) {
        if k < 64 {
            importantBits |= 1 << UInt64(k)
            return
        }
        let m = manyMade()
        if m.important.count <= k - 64 { m.important += repeatElement(false, count: k - 63 - m.important.count) }
        m.important[k - 64] = true
    }

    /// ``many``, made if not yet.
    private mutating func manyMade() -> Many {
        if let m = many { return m }
        let m = Many()
        many = m
        return m
    }

    /// The index of the winner for the property, if any (`name` matters for `.other` only).
    /// Elements specify few properties: a scan (of ids, and of names for `.other`) beats
    /// hashing until there are many, and a property seen for the first time needs neither.
    @inline(__always) private func index(of name: String?, _ property: CSSProperty) -> Int? {
        guard seenProperties & (1 << UInt32(property.rawValue)) != 0 else { return nil }
        return index(seen: name, property)
    }

    /// ``index(of:_:)`` of a property some winner has.
    private func index(seen name: String?, _ property: CSSProperty) -> Int? {
        guard count < 32 else { return many?.slot[name ?? PropertyNames.names[Int(property.rawValue)]] }
        for k in 0..<count where base[k].property == property {
            if property != .other || base[k].name == name { return k }
        }
        return nil
    }

    /// The index of the winner for the property of `d`, if any.
    private func index(of d: CascadedDeclaration) -> Int? {
        index(of: d.property == .other ? d.name : nil, d.property)
    }
}
