/// Turns byte offsets into 1-based line and byte column, scanning forward incrementally.
///
/// Offsets asked in increasing order cost linear time overall (the decoder asks for every
/// layer's position); a smaller offset rescans from the start.
struct LineTracker {
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    /// The line and column of `target` in `bytes`.
    mutating func locate(_ target: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let t = min(max(target, 0), bytes.count)
        if t < offset {
            offset = 0
            line = 1
            lineStart = 0
        }
        if offset < t {
            let from = offset
            let (newlines, last) = bytes.withUnsafeBufferPointer { buf -> (Int, Int) in
                // Line feeds counted eight bytes at a time (exactly: a byte's high bit is set
                // only where it equals 0x0A), then the last one found from the end.
                var n = 0
                var i = from
                if let base = buf.baseAddress {
                    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                    let lf: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
                    while i + 8 <= t {
                        let x = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) ^ lf
                        let zero = ~(((x & low7) &+ low7) | x | low7)
                        n &+= zero.nonzeroBitCount
                        i += 8
                    }
                }
                while i < t {
                    n &+= buf[i] == 0x0A ? 1 : 0
                    i += 1
                }
                guard n > 0 else { return (0, -1) }
                var j = t - 1
                while buf[j] != 0x0A { j -= 1 }
                return (n, j)
            }
            if newlines > 0 {
                line += newlines
                lineStart = last + 1
            }
            offset = t
        }
        return (line, t - lineStart + 1)
    }
}
