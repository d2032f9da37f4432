import LaminaCore
import LaminaJSON
import LaminaTestSupport
import Testing

/// Number and string tokens, checked through the public decoder.
@Suite struct JSONReaderTests {
    /// Decodes `tokens` as a `strokeDasharray`.
    func decodeNumbers(_ tokens: [String]) throws -> [Double] {
        let json = doc(#"{"content": {"kind": "path", "d": "", "strokeDasharray": [\#(tokens.joined(separator: ", "))]}}"#)
        let scene = try LayerJSON.decode(json, file: "n.json")
        return scene.tree[scene.root].content?.strokeDasharray ?? []
    }

    @Test func numbersMatchTheStandardLibraryExactly() throws {
        var rng = SplitMix64(state: 42)
        var tokens: [String] = [
            "0", "-0", "1", "-1", "0.1", "0.3", "2.5e-3", "1E2", "1e+2", "123456789012345678901234567890",
            "0.000000000000000000000000001", "9007199254740993", "9007199254740992.5", "1e22", "1e23",
            "4.9406564584124654e-324", "2.2250738585072014e-308", "1.7976931348623157e308", "1e-400",
            "0.1000000000000000055511151231257827", "3.14159265358979323846264338327950288",
        ]
        for _ in 0..<2_000 {
            let mantissa = Int64.random(in: -9_999_999_999_999_999...9_999_999_999_999_999, using: &rng)
            let exponent = Int.random(in: -30...30, using: &rng)
            tokens.append("\(mantissa)e\(exponent)")
            let digits = Int.random(in: 0...6, using: &rng)
            let whole = Int.random(in: -100_000...100_000, using: &rng)
            let frac = Int.random(in: 0..<1_000_000, using: &rng)
            tokens.append(digits == 0 ? "\(whole)" : "\(whole).\(String(String(frac).suffix(digits)))")
        }
        let values = try decodeNumbers(tokens)
        #expect(values.count == tokens.count)
        for (token, value) in zip(tokens, values) {
            #expect(value == Double(token), "\(token)")
        }
    }

    @Test func numbersWithSixDecimalsRoundTripThroughTheEncoder() throws {
        var rng = SplitMix64(state: 7)
        var tree = LayerTree()
        let root = tree.make(Layer())
        for _ in 0..<500 {
            var l = Layer()
            func r() -> Double { Double(Int.random(in: -10_000_000_000...10_000_000_000, using: &rng)) / 1_000_000 }
            l.bounds = Rect(r(), r(), r(), r())
            l.position = Point(r(), r())
            l.zPosition = r()
            l.transform = Transform3D(AffineTransform(r(), r(), r(), r(), r(), r()))
            let id = tree.make(l)
            try tree.addSublayer(id, to: root)
        }
        let scene = Scene(tree: tree, root: root)
        #expect(try LayerJSON.decode(LayerJSON.encode(scene), file: "r.json") == scene)
    }

    @Test func everyControlCharacterIsEscapedAndRoundTrips() throws {
        let name = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))) + "\"\\/\u{7F}\u{2028}é😀"
        var tree = LayerTree()
        let root = tree.make(Layer(name: name))
        let scene = Scene(tree: tree, root: root)
        let text = LayerJSON.encode(scene)
        #expect(text.contains(#""name": "\u0000\u0001"#))
        #expect(text.contains(#"\b\t\n\u000b\f\r\u000e"#))
        #expect(text.contains(#"\u001f\"\\/"#))
        #expect(text.contains("\u{7F}\u{2028}é😀\""))
        #expect(try LayerJSON.decode(text, file: "s.json") == scene)
    }

    @Test func encodedBytesEqualTheEncodedString() {
        let scene = SampleScenes.rich()
        #expect(LayerJSON.encodeBytes(scene) == Array(LayerJSON.encode(scene).utf8))
    }
}
