#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Line and column of a byte offset, counted forward from the last offset asked for, so that a
/// reader asking in document order scans its input once. Lines are counted by LF (found with
/// `memchr`), columns by UTF-8 scalar (every byte that is not a continuation byte), from 1.
struct LineCounter {
    /// The offset reached, and its line and column.
    private(set) var offset = 0
    private(set) var line: Int32 = 1
    private(set) var column: Int32 = 1

    /// Counts on from `target` as line 1, column 1: a reader of the part of the input from
    /// there (the second of a split document) counts lines and columns relative to it.
    mutating func restart(at target: Int) {
        offset = target
        line = 1
        column = 1
    }

    /// Moves to `target` (ignored when it is not past ``offset``) in the bytes at `base`.
    mutating func advance(to target: Int, in base: UnsafePointer<UInt8>) {
        guard target > offset else { return }
        var from = offset
        var i = offset
        while i < target, let hit = memchr(base + i, 0x0A, target - i) {
            let nl = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
            line &+= 1
            from = nl + 1
            i = nl + 1
        }
        if from > offset { column = 1 }
        var j = from
        while j < target {
            if base[j] & 0xC0 != 0x80 { column &+= 1 }
            j += 1
        }
        offset = target
    }
}
