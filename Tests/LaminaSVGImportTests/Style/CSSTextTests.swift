import LaminaCore
import Testing

@testable import LaminaSVGImport

/// The cascade keeps short ASCII values in place (``CSSText``) and reads `style` attributes in one
/// pass where they hold no quote, `{` or `!`; these tests hold both to the string-based readings.
@Suite struct CSSTextTests {
    static let texts: [[UInt8]] = [
        [], Array("#d62728".utf8), Array("url(#clip30)".utf8), Array("123456789012345".utf8),
        Array("1234567890123456".utf8), Array("rgb(1, 2, 3) url(#a)".utf8), Array("é".utf8), Array("caf\u{00E9}".utf8),
        [0xFF, 0x41], [0x41, 0xC3], Array("a\u{0}b".utf8),
    ]

    @Test(arguments: texts)
    func textFromBytesIsTheDecodedString(_ bytes: [UInt8]) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        let text = bytes.withUnsafeBufferPointer { CSSText(bytes: $0) }
        #expect(text.string == decoded)
        #expect(text.withBytes { Array($0) } == Array(decoded.utf8))
        #expect(text.contains(0x28) == decoded.utf8.contains(0x28))
        #expect(CSSText(decoded).string == decoded)
        #expect(CSSText(decoded).withBytes { Array($0) } == Array(decoded.utf8))
    }

    /// Text read from inside a larger buffer (words loaded past its end and masked when the
    /// buffer holds 16 bytes from its start): the same as from its own bytes (0xFF, not UTF-8,
    /// decoded alike), for every length up to past the inline capacity, every offset near the
    /// buffer's end, and bytes of 0x00, `a`, `;` and 0xFF inside.
    @Test func textInsideALargerBufferIsTheTextOfItsOwnBytes() {
        for after: UInt8 in [0x00, 0x61, 0x3B, 0xFF] {
            for total in 0...40 {
                var whole = (0..<total).map { UInt8(0x21 + $0 % 90) }
                if total > 3 { whole[total / 2] = after }
                whole.withUnsafeBufferPointer { w in
                    for start in 0...total {
                        for n in 0...min(18, total - start) {
                            let b = UnsafeBufferPointer(rebasing: w[start..<(start + n)])
                            let inside = CSSText(bytes: b, in: w), own = CSSText(bytes: b)
                            #expect(inside.string == own.string && inside.isInline == own.isInline)
                            #expect(inside.withBytes { Array($0) } == own.withBytes { Array($0) })
                            if !b.contains(where: { $0 >= 0x80 }) { #expect(inside.withBytes { Array($0) } == Array(b)) }
                            #expect(inside.contains(0x28) == own.contains(0x28) && inside.contains(after) == own.contains(after))
                        }
                    }
                }
            }
        }
        // Not ASCII: kept as a string either way.
        let bytes: [UInt8] = Array("caf\u{00E9} and more text after it".utf8)
        bytes.withUnsafeBufferPointer { w in
            let b = UnsafeBufferPointer(rebasing: w[0..<5])
            #expect(!CSSText(bytes: b, in: w).isInline && CSSText(bytes: b, in: w).string == "caf\u{00E9}")
        }
    }

    @Test func aKnownPropertyFromBytesHasItsNameAndTheValueItsText() {
        var t = StyleTestTree()
        let r = t.add("rect", parent: nil, [("stroke-width", " 2 "), ("style", "FILL: #ABC; Paint-Order: stroke; opacity:.5")])
        var diagnostics: [Diagnostic] = []
        let got = StyleCascade(tree: t.tree, diagnostics: &diagnostics).cascaded(for: r)
        #expect(got.map(\.name) == ["stroke-width", "fill", "paint-order", "opacity"])
        #expect(got.map(\.value) == ["2", "#ABC", "stroke", ".5"])
        #expect(got.map(\.property) == [.strokeWidth, .fill, .other, .opacity])
        #expect(got[1].parsed == .paint(.color(.rgba(r: 0xAA, g: 0xBB, b: 0xCC, a: 1))))
        var d = got[0]
        d.value = "3"
        d.name = "stroke-width"
        #expect(d.value == "3" && d.name == "stroke-width" && d.property == .strokeWidth)
    }

    static let styleTexts = [
        "fill:red;stroke:blue", "fill:url(#a;b);stroke:x", "a:[b;c]:d;e:f", "a:(b;c;d", "a:b):c;d:e", "x:]);y:2",
        " fill : red ; ; stroke :blue ;", "fill:red;stroke:'a;b';opacity:1", "fill:red;x{y:z};stroke:blue",
        "fill:red !important;stroke:blue", "fill:red;stroke:blue!important", "a b:c;d:;:e;f:g", "fi\u{0300}ll:1;é:2",
        "fill:red;stroke:\"x\\\";y\"", ";;", "", "a:b:c", "-:x;--v:1;_:2", "fill:\t#abc\n;\u{C}stroke:1",
    ]

    @Test(arguments: styleTexts)
    func onePassReadingMatchesTheGeneralOne(_ text: String) {
        #expect(Self.declarations(text, general: false) == Self.declarations(text, general: true))
    }

    /// Random declaration lists over the bytes that matter to both readings.
    @Test func onePassReadingMatchesTheGeneralOneOnRandomLists() {
        let alphabet = Array("ab-_:;()[]{}\"'!\\ \t#1é".utf8)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let n = Int(seed >> 59) + Int((seed >> 40) & 15)
            for _ in 0..<n {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Letters, `:` and `;` most often.
                let pick = Int(seed >> 58)
                bytes.append(pick < 32 ? alphabet[pick % 5] : alphabet[pick % alphabet.count])
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(Self.declarations(text, general: false) == Self.declarations(text, general: true), "\(text)")
        }
    }

    /// Each declaration read as `name=value` (`!` when important), by either reading.
    static func declarations(_ text: String, general: Bool) -> [String] {
        let bytes = Array(text.utf8)
        var out: [String] = []
        bytes.withUnsafeBufferPointer { b in
            let body = { (name: Range<Int>, value: Range<Int>, important: Bool) in
                out.append(CSSBytes.string(b, name) + "=" + CSSBytes.string(b, value) + (important ? "!" : ""))
            }
            if general {
                CSSBytes.forEachGeneralDeclaration(b, 0, b.count, body)
            } else {
                CSSBytes.forEachDeclaration(b, 0, b.count, body)
            }
        }
        return out
    }
}
