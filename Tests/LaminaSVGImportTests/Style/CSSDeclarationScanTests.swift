import Testing

@testable import LaminaSVGImport

/// The `style` reading's word-at-a-time scan and the property it gives each declaration,
/// against the byte-at-a-time definitions.
@Suite struct CSSDeclarationScanTests {
    /// Every byte value at every place of a full word and of each shorter tail, among bytes no
    /// test stops at: the lowest candidate is that byte exactly when it may stop the pass.
    @Test func stopCandidatesFindTheFirstStopByteOfAWord() {
        for v in 0...255 {
            let c = UInt8(v)
            let stops = Array("!\"'():;[]{".utf8).contains(c)
            let candidate = stops || c == UInt8(ascii: "Y") || c == UInt8(ascii: "_")
            for count in 1...8 {
                for at in 0..<count {
                    var bytes = Array(repeating: UInt8(ascii: "a"), count: count)
                    bytes[at] = c
                    // A stop past the end must not be seen.
                    bytes.append(UInt8(ascii: ";"))
                    let found = bytes.withUnsafeBufferPointer { CSSBytes.plainStopCandidates($0, 0, count) }
                    if candidate {
                        #expect(found.trailingZeroBitCount >> 3 == at, "byte \(v) at \(at) of \(count)")
                    } else {
                        #expect(found == 0, "byte \(v) at \(at) of \(count)")
                    }
                }
            }
        }
    }

    /// Two candidates in one word: the first is the lowest bit, whatever follows it.
    @Test func theFirstOfTwoCandidatesIsTheLowest() {
        let stops = Array("!\"'():;[]{Y_".utf8)
        for a in stops {
            for b in stops {
                for i in 0..<7 {
                    for j in (i + 1)..<8 {
                        var bytes = Array(repeating: UInt8(ascii: "b"), count: 8)
                        bytes[i] = a
                        bytes[j] = b
                        let found = bytes.withUnsafeBufferPointer { CSSBytes.plainStopCandidates($0, 0, 8) }
                        #expect(found.trailingZeroBitCount >> 3 == i)
                    }
                }
            }
        }
    }

    static let longTexts = [
        "stroke-dasharray:12345678;Stroke-Width:1234567;stroke-linejoin:round",
        "fill:YYYYYYYY_______;stroke:url(#aaaaaaaaYY;bbbbbbbb);opacity:0.5",
        "abcdefgh:ijklmnop;qrstuvwx:[yz;ab]cdefgh;X_Y_Z_:1;transform:rotate(45 100 100)",
        "fill:#abcdef;stroke:#123456;stroke-width:2.5;fill:red !important;stroke:blue",
        "font-family:'aaaaaaaa;bbbbbbbb';fill:red", "FILL:RED;unknown-property-name:x;fi\u{0300}ll:1;Fill-Opacity:.5",
    ]

    @Test(arguments: longTexts)
    func longListsReadAsTheGeneralReadingDoes(_ text: String) {
        #expect(CSSTextTests.declarations(text, general: false) == CSSTextTests.declarations(text, general: true))
    }

    /// Each declaration's property is the one of its lower-cased name, by either reading; a
    /// name with a byte no identifier has is dropped, a known name in capitals is kept.
    @Test(arguments: longTexts + CSSTextTests.styleTexts)
    func eachDeclarationHasThePropertyOfItsName(_ text: String) {
        let bytes = Array(text.utf8)
        var seen: [String] = []
        bytes.withUnsafeBufferPointer { b in
            CSSBytes.forEachPropertyDeclaration(b, 0, b.count) { property, name, value, important in
                #expect(property == CSSProperty.of(CSSBytes.asciiLower(b, name)))
                seen.append(CSSBytes.string(b, name) + "=" + CSSBytes.string(b, value) + (important ? "!" : ""))
            }
        }
        #expect(seen == CSSTextTests.declarations(text, general: true))
        let names = StyleSheet.parseDeclarations(text).map(\.name)
        #expect(names == seen.map { String($0.prefix { $0 != "=" }).lowercased() })
    }
}

@Suite struct PropertyNamesTests {
    /// Every known name is in its home slot of the hash table, so a lookup looks at one slot.
    @Test func everyKnownNameIsFoundAtTheFirstProbe() {
        for (name, property) in CSSProperty.byName {
            var key = PropertyNames.Key()
            for c in name.utf8 { key.append(c) }
            #expect(PropertyNames.probes(key) == 1, "\(name)")
            #expect(PropertyNames.property(key) == property)
        }
    }

    /// A name read from a buffer with 24 bytes from its start (three loads, masked) or fewer
    /// (copied) has the property of its lower-cased text, whatever bytes follow it: each known
    /// name in two cases, with a byte changed at each place, one byte shorter and longer.
    @Test func aNameHasItsPropertyWithAnyBytesAfterIt() {
        var names: [String] = []
        for name in CSSProperty.byName.keys.sorted() {
            names += [name, name.uppercased(), String(name.dropLast()), name + "x", name + "-"]
            for k in 0..<name.utf8.count {
                var bytes = Array(name.utf8)
                bytes[k] = bytes[k] == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
                names.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        var checked = 0
        for name in names {
            let expected = CSSProperty.of(name.lowercased())
            for fill: UInt8 in [0x00, 0x61, 0xFF] {
                for after in 0...26 {
                    let bytes = Array("ab".utf8) + Array(name.utf8) + Array(repeating: fill, count: after)
                    let r = 2..<(2 + name.utf8.count)
                    let found = bytes.withUnsafeBufferPointer { CSSProperty.of($0, r) }
                    #expect(found == expected, "\(name) with \(after) bytes of \(fill) after it")
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
        // A known name of the most bytes and a non-ASCII byte in a known name's place.
        #expect(CSSProperty.byName.keys.map(\.utf8.count).max() == PropertyNames.longest)
        let bent = Array("fill".utf8) + [0xC3, 0xA9] + Array(repeating: 0x61, count: 30)
        #expect(bent.withUnsafeBufferPointer { CSSProperty.of($0, 0..<6) } == .other)
    }
}

@Suite struct AttributeRoleTests {
    /// A presentation attribute has its property's raw value, `style` its role, and the rest
    /// (a name in a namespace too) none: the cascade reads one role byte per attribute.
    @Test func eachAttributeNameHasItsRoleInTheCascade() {
        let names = [
            AttributeName(name: "fill", namespace: nil, qualifiedName: "fill"),
            AttributeName(name: "font-family", namespace: nil, qualifiedName: "font-family"),
            AttributeName(name: "style", namespace: nil, qualifiedName: "style"),
            AttributeName(name: "x", namespace: nil, qualifiedName: "x"),
            AttributeName(name: "fill", namespace: "urn:x", qualifiedName: "a:fill"),
            AttributeName(name: "style", namespace: "urn:x", qualifiedName: "a:style"),
        ]
        let expected = [
            CSSProperty.fill.rawValue, CSSProperty.other.rawValue, AttributeRoles.styleRole, AttributeRoles.noRole,
            AttributeRoles.noRole, AttributeRoles.noRole,
        ]
        #expect(AttributeRoles(names: names).entries.map(\.cascade) == expected)
        // No property's raw value is taken for a role.
        #expect(CSSProperty(rawValue: AttributeRoles.styleRole) == nil && CSSProperty(rawValue: AttributeRoles.noRole) == nil)
    }
}
