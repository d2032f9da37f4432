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
        guard let c = ctxt else { return (scanLine, scanColumn) }
        let consumed = min(Int(xmlByteConsumed(c)), bytes.count)
        guard consumed > lastTagStart + 1 else { return (scanLine, scanColumn) }
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
        return (scanLine, scanColumn)
    }

    func currentLocation() -> SourceLocation {
        if let c = ctxt {
            let consumed = min(Int(xmlByteConsumed(c)), bytes.count)
            if consumed > scanOffset { advance(to: consumed) }
        }
        return SourceLocation(file: file, line: Int(scanLine), column: Int(scanColumn))
    }

    /// Counts lines and columns from `scanOffset` to `target`: newlines are found with
    /// `memchr`, and only the bytes after the last one are counted for the column.
    private func advance(to target: Int) {
        guard target > scanOffset else { return }
        var line = scanLine, column = scanColumn
        let start = scanOffset
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            var from = start
            var i = start
            while i < target, let hit = memchr(base + i, 0x0A, target - i) {
                let nl = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
                line &+= 1
                from = nl + 1
                i = nl + 1
            }
            if from > start { column = 1 }
            var j = from
            while j < target {
                if buf[j] & 0xC0 != 0x80 { column &+= 1 }
                j += 1
            }
        }
        scanOffset = target
        scanLine = line
        scanColumn = column
    }
}
