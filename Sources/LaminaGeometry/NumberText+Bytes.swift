extension NumberText {
    /// Calls `body` with the UTF-8 bytes of `value`'s text (a stack buffer for ordinary values),
    /// for writers that copy the text straight into their own buffers.
    public static func withUTF8(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if withFastDigits(value, body) { return }
        var text = slowText(value)
        text.withUTF8(body)
    }

    /// Writes the UTF-8 bytes of `value`'s text at `out`, which has room for at least
    /// ``maximumByteCount`` bytes; returns how many were written.
    @inline(__always)
    public static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        let done = withFastDigits(value) { bytes in
            count = bytes.count
            for k in 0..<bytes.count { out[k] = bytes[k] }
        }
        if done { return count }
        var text = slowText(value)
        return text.withUTF8 { bytes in
            let n = min(bytes.count, maximumByteCount)
            for k in 0..<n { out[k] = bytes[k] }
            return n
        }
    }

    /// The longest text of a number (`-9007199254740991`, `-1.7976931348623157e308`).
    public static let maximumByteCount = 32
}
