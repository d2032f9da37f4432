import LaminaCore
import Testing

@testable import LaminaSVGImport

/// `ComputedStyle.parseFast` reads plain hex colours from their bytes; it must give the full
/// parse's answer whenever it gives one, and give one for every `#rgb` and `#rrggbb`.
@Suite struct FastParseTests {
    /// Hex digits of both cases and the bytes just around their ranges.
    static let digits = Array("0189afAF/:@G`gx".utf8) + [0xC3]

    @Test func everyShortHexColorMatchesTheFullParse() {
        for a in Self.digits {
            for b in Self.digits {
                for c in Self.digits {
                    Self.check([UInt8(ascii: "#"), a, b, c])
                }
            }
        }
    }

    @Test func longHexColorsMatchTheFullParse() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<20_000 {
            var bytes: [UInt8] = [UInt8(ascii: "#")]
            for _ in 0..<6 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly hex digits, so that most colours are valid.
                let pick = Int(seed >> 59)
                bytes.append(Self.digits[pick < 24 ? pick % 6 : pick % Self.digits.count])
            }
            Self.check(bytes)
        }
        Self.check(Array("#D62728".utf8))
        Self.check(Array("#ffffff".utf8))
    }

    /// Every byte value in each of `#rrggbb`'s six places (the others hex digits of both cases):
    /// the six are checked and valued together, so a byte must not pass for a digit in any lane.
    @Test func everyByteInEachPlaceOfALongHexColor() {
        let base = Array("#0aF9e5".utf8)
        for place in 1...6 {
            for byte in 0...255 {
                var bytes = base
                bytes[place] = UInt8(byte)
                Self.check(bytes)
            }
        }
    }

    /// The fast parse of `bytes` for `fill`, `stroke` (a `#rrggbb` of either read inline) and
    /// `stop-color`: nil only when they are not a hex colour, and otherwise the full parse's value.
    static func check(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let isHex = bytes.dropFirst().allSatisfy { $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit }
        for property in [CSSProperty.fill, .stroke, .stopColor] {
            let fast = bytes.withUnsafeBufferPointer { ComputedStyle.parseFast(property, bytes: $0) }
            #expect((fast != nil) == isHex, "\(text)")
            if let fast { #expect(fast == ComputedStyle.parseFully(property, text), "\(text)") }
        }
    }
}
