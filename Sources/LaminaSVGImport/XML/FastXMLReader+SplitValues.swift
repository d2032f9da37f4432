// The second half's attribute values written straight into the first reader's arena, at an
// estimated offset a little past the first half's values (``FastXMLReader+Split``): the join
// then moves them down to the first half's end, over pages written already but for the few
// between, instead of copying them from the second reader's arena onto fresh pages.
extension FastXMLReader {
    /// Where in the first reader's arena the second half's values start, the split being at
    /// `offset` of a document of `count` bytes at `base`: a little past the first half's
    /// values as ``valueShare(_:count:)`` estimates them, and never past `offset + 64`, where
    /// no first reader's byte can reach (its values come from the tags before the split, none
    /// grown: references and line ends only shrink; a value's 16-byte blocks are loaded from
    /// before its closing quote). The second reader's bytes, from the split on, end before
    /// this plus `count - offset` (the arena holds ``arenaRoom(count:)`` bytes). The first
    /// reader writes below it (``arenaLimit``); an estimate too low moves the second half's
    /// values out of its way (``reachedArenaLimit()``). The join moves them down by the
    /// estimate's excess, so the pages between are the only ones it writes fresh.
    static func secondHalfValues(_ base: UnsafePointer<UInt8>, count: Int, split offset: Int) -> Int {
        let estimate = Double(offset) * valueShare(base, count: offset) * 1.04 + 32_768
        return min(offset + 64, Int(estimate))
    }

    /// About what share of the `count` bytes at `base` are attribute value bytes: counted in
    /// 16 windows of 2 KB spread over them (in a tag, between quotes), each from its first `<`.
    static func valueShare(_ base: UnsafePointer<UInt8>, count: Int) -> Double {
        let windows = 16, width = 2048
        guard count >= windows * width else { return 1 }
        var values = 0, scanned = 0
        for k in 0..<windows {
            var i = count / windows * k + (count / windows - width) / 2
            let end = i + width
            while i < end, base[i] != 0x3C { i += 1 }
            scanned += end - i
            var inTag = false
            var quote: UInt8 = 0
            while i < end {
                let b = base[i]
                if quote != 0 {
                    if b == quote { quote = 0 } else { values += 1 }
                } else if inTag {
                    if b == 0x22 || b == 0x27 { quote = b } else if b == 0x3E { inTag = false }
                } else if b == 0x3C {
                    inTag = true
                }
                i += 1
            }
        }
        return scanned > 0 ? Double(values) / Double(scanned) : 1
    }

    /// The bytes of the arena for a document of `count` bytes: the input, the blocks' overrun
    /// past the last value, and the second half's offset (``secondHalfValues(_:count:split:)``).
    static func arenaRoom(count: Int) -> Int { count + 128 }

    /// First reader, about to write a value past ``arenaLimit`` (the second half's values
    /// start there: the estimate was low): waits for the second reader and moves its values
    /// to its own arena (the join copies them back, after this reader's); no limit from then.
    func reachedArenaLimit() {
        if let half = split.partner {
            half.wait()
            half.reader.moveValuesToOwnArena()
        }
        arenaLimit = Self.noArenaLimit
    }

    /// Second reader, done: its values (after the document element's) moved from the first
    /// reader's arena to its own.
    func moveValuesToOwnArena() {
        guard let own = split.ownArena, split.valuesAt != nil else { return }
        (own + split.rootArena).update(from: arena + split.rootArena, count: arenaCount - split.rootArena)
        arena = own
        split.valuesAt = nil
        split.ownArena = nil
    }
}
