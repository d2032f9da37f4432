import LaminaCore

/// Safe text and number output for the debug overlay: everything taken from the input passes
/// through here before it reaches markup.
enum OverlayText {
    /// Whether a scalar may appear in an XML 1.0 document at all (the `Char` production).
    static func isXMLChar(_ v: UInt32) -> Bool {
        switch v {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Appends `text` escaped for element content or a double-quoted attribute value.
    ///
    /// `& < > " '` become references, characters invalid in XML 1.0 are dropped, and tab,
    /// line feed and carriage return become character references so that attribute value
    /// normalization cannot change them. No CDATA section is ever used, so `]]>` is harmless
    /// once `>` is escaped.
    static func appendEscaped<S: OverlaySink>(_ text: String, to out: inout S) {
        // Native strings (all the overlay writes) are scanned and copied as one buffer.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard isPlain(bytes) else { return false }
            out.appendBytes(bytes)
            return true
        }
        if copied == true { return }
        if copied == nil, isPlain(text) {
            var t = text
            t.withUTF8 { out.appendBytes($0) }
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if isXMLChar(scalar.value) { UTF8.encode(scalar) { out.append($0) } }
            }
        }
    }

    /// Whether `text` needs no escaping: no markup characters, no control characters and no
    /// U+FFFE/U+FFFF (UTF-8 `EF BF BE`/`EF BF BF`), checked on the UTF-8 bytes.
    static func isPlain(_ text: String) -> Bool {
        var t = text
        return t.withUTF8 { isPlain($0) }
    }

    /// ``isPlain(_:)`` of UTF-8 bytes: one test per byte, and a look at the next two after
    /// each `EF`.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        var i = 0
        while i < n {
            let b = bytes[i]
            if b < 0x20 || b == 0x22 || b == 0x26 || b == 0x27 || b == 0x3C || b == 0x3E { return false }
            if b == 0xEF, i + 2 < n, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF { return false }
            i += 1
        }
        return true
    }

    /// `text` escaped (see ``appendEscaped(_:to:)``).
    static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends a number, writing `0` for a non-finite value so that markup stays valid.
    static func appendNumber<S: OverlaySink>(_ value: Double, to out: inout S) {
        out.appendNumber(value.isFinite ? value : 0)
    }

    /// Appends a number through ``NumberText`` as it is (non-finite written `null`).
    static func appendRawNumber<S: OverlaySink>(_ value: Double, to out: inout S) {
        out.appendNumber(value)
    }

    /// `x,y x,y …` for a `points` attribute.
    static func appendPoints<S: OverlaySink>(_ points: [Point], to out: inout S) {
        for (i, p) in points.enumerated() {
            if i > 0 { out.append(0x20) }
            appendNumber(p.x, to: &out)
            out.append(0x2C)
            appendNumber(p.y, to: &out)
        }
    }

    /// `[a, b, c]` with numbers through ``NumberText`` (non-finite written `null`), for tooltips.
    static func list(_ values: [Double]) -> String {
        var out = "["
        for (i, v) in values.enumerated() {
            if i > 0 { out += ", " }
            NumberText.append(v, to: &out)
        }
        return out + "]"
    }
}

/// `out += "text"` for the overlay's byte buffer: appends the UTF-8 bytes of a literal.
@inline(__always)
func += <S: OverlaySink>(out: inout S, text: StaticString) {
    out.appendBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
}

extension OverlayText {
    /// Appends a whole number in decimal.
    static func appendInt<S: OverlaySink>(_ n: Int, to out: inout S) {
        guard n >= 0 else {
            var text = String(n)
            text.withUTF8 { out.appendBytes($0) }
            return
        }
        // Digits written backwards into a stack buffer (no string is made).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buf in
            var i = 20
            var m = n
            repeat {
                i -= 1
                buf[i] = 0x30 &+ UInt8(truncatingIfNeeded: m % 10)
                m /= 10
            } while m != 0
            out.appendBytes(UnsafeBufferPointer(rebasing: buf[i..<20]))
        }
    }
}
