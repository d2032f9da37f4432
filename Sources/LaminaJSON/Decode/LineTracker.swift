/// Turns byte offsets into 1-based line and byte column, scanning forward incrementally.
///
/// Offsets asked in increasing order cost linear time overall; a smaller offset rescans.
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
        while offset < t {
            if bytes[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
            }
            offset += 1
        }
        return (line, t - lineStart + 1)
    }
}
