/// A number typed on the command line, read as decimal only.
///
/// Swift's `Double(_:)` also reads hexadecimal (`0x10` is 16, `0x1p3` is 8), `inf`, `infinity`
/// and `nan` in any case, so `hit-test in.svg 0x10 1` tested the point (16, 1) and `layout
/// --size 0x10 20` made a 16-wide root, where other tools refuse the word. Only decimal numbers
/// are read: an optional sign, digits with an optional point (`5`, `-0.5`, `.5`, `5.`) and an
/// optional exponent (`1e3`), finite as a `Double`.
package enum DecimalNumber {
    /// The value of `text` when it is a finite decimal number, else nil.
    ///
    ///     DecimalNumber.parse("-.5")   // -0.5
    ///     DecimalNumber.parse("0x10")  // nil
    ///     DecimalNumber.parse("1e999") // nil (not finite)
    package static func parse<S: StringProtocol>(_ text: S) -> Double? {
        let bytes = Array(text.utf8)
        var i = 0
        func skipDigits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var digits = skipDigits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            digits += skipDigits()
        }
        guard digits > 0 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard skipDigits() > 0 else { return nil }
        }
        guard i == bytes.count, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }
}
