extension NumberText {
    /// Calls `body` with the UTF-8 bytes of `value`'s text (a stack buffer for ordinary values),
    /// for writers that copy the text straight into their own buffers.
    public static func withUTF8(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if withFastDigits(value, body) { return }
        var text = slowText(value)
        text.withUTF8(body)
    }

    /// Writes the UTF-8 bytes of `value`'s text at `out`, which has room for at least
    /// ``maximumByteCount`` bytes; returns how many were written (inlined into the writers:
    /// ``writeFast(_:to:)`` for ordinary values, the slow spelling out of line).
    @inlinable @inline(__always)
    public static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let n = writeFast(value, to: out)
        return n > 0 ? n : writeSlow(value, to: out)
    }

    /// ``write(_:to:)`` of a non-finite or huge value.
    @usableFromInline
    static func writeSlow(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var text = slowText(value)
        return text.withUTF8 { bytes in
            let n = min(bytes.count, maximumByteCount)
            for k in 0..<n { out[k] = bytes[k] }
            return n
        }
    }

    /// The longest text of a number (`-9007199254740991`, `-1.7976931348623157e308`).
    @inlinable public static var maximumByteCount: Int { 32 }
}
