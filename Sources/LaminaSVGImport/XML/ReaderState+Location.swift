import CLibXML2
import Glibc
import LaminaCore

extension ReaderState {
    /// The line and column of the `<` that opened the element being reported.
    ///
    /// libxml2 calls back after the start tag's attributes, so the tag start is found by
    /// scanning back from the parser's byte offset to the `<` (attribute values cannot hold
    /// one); lines and columns are counted forward incrementally, so the whole document is
    /// scanned once.
    func elementStart() -> (Int32, Int32) {
        guard let c = ctxt else { return (lines.line, lines.column) }
        let consumed = min(Int(xmlByteConsumed(c)), bytes.count)
        guard consumed > lastTagStart + 1 else { return (lines.line, lines.column) }
        let floor = lastTagStart
        var i = bytes.withUnsafeBufferPointer { b -> Int in
            guard let base = b.baseAddress, consumed - 1 > floor else { return floor }
            // The last `<` in (floor, consumed), found forward with `memchr` (a tag holds one).
            var last = floor
            var from = floor + 1
            while from < consumed, let hit = memchr(base + from, 0x3C, consumed - from) {
                last = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
                from = last + 1
            }
            return last
        }
        if i <= lastTagStart { i = consumed - 1 }
        lastTagStart = i
        advance(to: i)
        return (lines.line, lines.column)
    }

    func currentLocation() -> SourceLocation {
        if let c = ctxt {
            let consumed = min(Int(xmlByteConsumed(c)), bytes.count)
            advance(to: consumed)
        }
        return SourceLocation(file: file, line: Int(lines.line), column: Int(lines.column))
    }

    /// Counts lines and columns up to `target` (see ``LineCounter``).
    private func advance(to target: Int) {
        guard target > lines.offset else { return }
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            lines.advance(to: target, in: base)
        }
    }
}
