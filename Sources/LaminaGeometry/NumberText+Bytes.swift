extension NumberText {
    /// Calls `body` with the UTF-8 bytes of `value`'s text (a stack buffer for ordinary values),
    /// for writers that copy the text straight into their own buffers.
    public static func withUTF8(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if withFastDigits(value, body) { return }
        var text = slowText(value)
        text.withUTF8(body)
    }
}
