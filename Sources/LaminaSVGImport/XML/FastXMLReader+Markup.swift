#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Markup of ``FastXMLReader`` that adds nothing to the tables (comments, processing
// instructions, the XML declaration, DOCTYPE), and source locations.
extension FastXMLReader {
    // MARK: - Markup that produces nothing

    /// A comment at `lt`; returns the offset after it.
    func comment(_ lt: Int) throws(Decline) -> Int {
        let start = lt + 4
        guard let end = find("--", from: start), end + 2 < n, base[end + 2] == 0x3E else { throw Decline() }
        try checkCharacters(start, end)
        return end + 3
    }

    /// A processing instruction at `lt` (not an XML declaration); returns the offset after it.
    func processingInstruction(_ lt: Int) throws(Decline) -> Int {
        var i = lt + 2
        let start = i
        guard i < n, Self.isNameStart(base[i]) else { throw Decline() }
        while i < n, Self.isNameByte(base[i]) { i += 1 }
        let count = i - start
        guard count <= Self.maximumNameLength else { throw Decline() }
        if count >= 3, base[start] | 0x20 == 0x78, base[start + 1] | 0x20 == 0x6D, base[start + 2] | 0x20 == 0x6C {
            // Reserved targets: only the two W3C ones libxml2 accepts without a word. A style
            // sheet link gets a warning, which the libxml2 reader gives (it is rare).
            guard count == 9 && startsWith("xml-model", at: start) else { throw Decline() }
        }
        if startsWith("?>", at: i) { return i + 2 }
        guard i < n, Self.isSpace(base[i]) else { throw Decline() }
        guard let end = find("?>", from: i) else { throw Decline() }
        try checkCharacters(i, end)
        return end + 2
    }

    /// The XML declaration's pseudo-attributes after `<?xml` and a space; returns the offset
    /// after `?>`. Only version 1.0 and a UTF-8 encoding are read here.
    func xmlDeclaration(_ start: Int) throws(Decline) -> Int {
        var i = skipSpace(start)
        guard startsWith("version", at: i) else { throw Decline() }
        var value = try pseudoAttribute(after: i + 7)
        guard value.bytes.elementsEqual("1.0".utf8) else { throw Decline() }
        i = value.next
        var sawEncoding = false
        var sawStandalone = false
        while true {
            let spaced = i < n && Self.isSpace(base[i])
            i = skipSpace(i)
            if startsWith("?>", at: i) { return i + 2 }
            guard spaced else { throw Decline() }
            if !sawEncoding, !sawStandalone, startsWith("encoding", at: i) {
                value = try pseudoAttribute(after: i + 8)
                let lower = value.bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
                guard lower.elementsEqual("utf-8".utf8) || lower.elementsEqual("utf8".utf8) else { throw Decline() }
                sawEncoding = true
            } else if !sawStandalone, startsWith("standalone", at: i) {
                value = try pseudoAttribute(after: i + 10)
                guard value.bytes.elementsEqual("yes".utf8) || value.bytes.elementsEqual("no".utf8) else { throw Decline() }
                sawStandalone = true
            } else {
                throw Decline()
            }
            i = value.next
        }
    }

    /// The quoted value after a pseudo-attribute's name (ending at `i`), and the offset after it.
    func pseudoAttribute(after start: Int) throws(Decline) -> (bytes: UnsafeBufferPointer<UInt8>, next: Int) {
        var i = skipSpace(start)
        guard i < n, base[i] == 0x3D else { throw Decline() }
        i = skipSpace(i + 1)
        guard i < n, base[i] == 0x22 || base[i] == 0x27 else { throw Decline() }
        let q = base[i]
        let valueStart = i + 1
        var j = valueStart
        while j < n, j - valueStart < 64, base[j] != q { j += 1 }
        guard j < n, base[j] == q else { throw Decline() }
        return (UnsafeBufferPointer(start: base + valueStart, count: j - valueStart), j + 1)
    }

    /// A `DOCTYPE` after `<!DOCTYPE`, with a name and an optional external id and no internal
    /// subset; returns the offset after its `>`.
    func doctype(_ start: Int) throws(Decline) -> Int {
        guard start < n, Self.isSpace(base[start]) else { throw Decline() }
        let name = try qualifiedName(at: skipSpace(start))
        var i = name.end
        let spaced = i < n && Self.isSpace(base[i])
        i = skipSpace(i)
        if spaced, startsWith("SYSTEM", at: i) {
            i = try literal(skipRequiredSpace(i + 6), publicID: false)
        } else if spaced, startsWith("PUBLIC", at: i) {
            i = try literal(skipRequiredSpace(i + 6), publicID: true)
            i = try literal(skipRequiredSpace(i), publicID: false)
        }
        i = skipSpace(i)
        guard i < n, base[i] == 0x3E else { throw Decline() }
        return i + 1
    }

    /// A quoted system or public id at `i`; returns the offset after it.
    func literal(_ i: Int, publicID: Bool) throws(Decline) -> Int {
        guard i < n, base[i] == 0x22 || base[i] == 0x27 else { throw Decline() }
        let start = i + 1
        guard start < n, let hit = memchr(base + start, Int32(base[i]), n - start) else { throw Decline() }
        let end = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
        for k in start..<end {
            let b = base[k]
            // Printable ASCII only (a superset of the public id characters would need libxml2).
            guard b >= 0x20, b < 0x7F else { throw Decline() }
            if publicID, !Self.isPublicIDByte(b) { throw Decline() }
        }
        return end + 1
    }

    func skipRequiredSpace(_ i: Int) throws(Decline) -> Int {
        guard i < n, Self.isSpace(base[i]) else { throw Decline() }
        return skipSpace(i)
    }

    /// Throws unless `start..<end` holds only XML characters (C1 controls excluded).
    func checkCharacters(_ start: Int, _ end: Int) throws(Decline) {
        var i = start
        while i < end {
            let b = base[i]
            if b >= 0x20, b < 0x80 {
                i += 1
            } else if b == 0x09 || b == 0x0A || b == 0x0D {
                i += 1
            } else if b >= 0x80 {
                i += try Self.scalarLength(base, i, end)
            } else {
                throw Decline()
            }
        }
    }

    // MARK: - Locations

    /// The line and column of offset `target` (at or after every offset asked before).
    func location(of target: Int) -> (Int32, Int32) {
        lines.advance(to: target, in: base)
        return (lines.line, lines.column)
    }
}
