import Testing

@testable import LaminaSVGImport

/// An attribute recognised by the bytes that came before between the same name and it
/// (``AttributePrefixes``): the table's matches, and the reader's tables against libxml2's when
/// the bytes after a name repeat, change in one byte, or repeat where the reading must stop.
@Suite struct AttributePrefixTests {
    static let open = FastXMLReaderTests.svgOpen

    /// `bytes` followed by 16 bytes of padding, so that every match reads 16 bytes.
    static func padded(_ s: String, _ pad: UInt8 = 0x7E) -> [UInt8] { Array(s.utf8) + [UInt8](repeating: pad, count: 16) }

    /// A prefix of 1–16 bytes matches itself with any bytes after it, and not with one of its
    /// own bytes changed; a longer one is kept as nothing.
    @Test(arguments: 1...17)
    func aPrefixMatchesItsOwnBytesOnly(_ count: Int) {
        var table = AttributePrefixes()
        defer { table.deallocate() }
        let prefix = String(" stroke-linejoin=\"".utf8.suffix(count).map { Character(UnicodeScalar($0)) })
        let kept = Self.padded(prefix)
        kept.withUnsafeBufferPointer { table.remember(3, $0.baseAddress!, count: count, id: 7) }
        for pad: UInt8 in [0x00, 0x20, 0x22, 0x7A, 0xFF] {
            let same = Self.padded(prefix, pad)
            let hit = same.withUnsafeBufferPointer { table.match(3, at: $0.baseAddress!) }
            if count <= 16 {
                #expect(hit?.id == 7 && hit?.count == count, "\(count) \(pad)")
            } else {
                #expect(hit == nil, "a prefix past 16 bytes is not kept")
            }
        }
        for k in 0..<min(count, 16) {
            for change: UInt8 in [0x00, 0x01, 0x80] {
                var other = kept
                other[k] ^= change == 0 ? 0xFF : change
                let hit = other.withUnsafeBufferPointer { table.match(3, at: $0.baseAddress!) }
                #expect(hit == nil, "byte \(k) of \(count) changed")
            }
        }
        let zeros = [UInt8](repeating: 0, count: 32)
        #expect(zeros.withUnsafeBufferPointer { table.match(2, at: $0.baseAddress!) } == nil, "an empty entry")
        #expect(zeros.withUnsafeBufferPointer { table.match(99, at: $0.baseAddress!) } == nil, "a key never kept")
    }

    /// Two prefixes are kept per key, the one that matched last tried first; a third new one
    /// lets the one tried second go.
    @Test func twoPrefixesAreKeptForEachKey() {
        var table = AttributePrefixes()
        defer { table.deallocate() }
        let x = Self.padded(" x=\""), y = Self.padded(" y='"), z = Self.padded("\tz = \"")
        func remember(_ b: [UInt8], _ id: Int32) { b.withUnsafeBufferPointer { table.remember(5, $0.baseAddress!, count: $0.firstIndex(of: 0x7E)!, id: id) } }
        func match(_ b: [UInt8]) -> Int32? { b.withUnsafeBufferPointer { table.match(5, at: $0.baseAddress!)?.id } }
        remember(x, 1)
        remember(y, 2)
        #expect(match(x) == 1 && match(y) == 2 && match(z) == nil)
        #expect(match(x) == 1)
        remember(z, 3)
        #expect(match(z) == 3 && match(x) == 1 && match(y) == nil, "y was tried second when z came")
        #expect(x.withUnsafeBufferPointer { table.match(4, at: $0.baseAddress!) } == nil, "other keys keep nothing")
    }

    /// Attributes after the same names in changing forms (white space, quotes, `=` apart, a
    /// longer name sharing the bytes, a prefixed name between), values plain or not, tag ends
    /// right after a value: the same tables as libxml2's, read by the fast path.
    @Test func changingFormsAfterTheSameNamesReadTheSame() {
        let forms = [
            " x='1' y='2'", " x='1'  y='2'", " x=\"1\" y=\"2\"", "\tx='1'\ty='2'", " x = '1' y= '2'", " x='1' yy='2' y='3'",
            " x='&amp;' y='a\tb'", " xlink:href='#a' x='1' y='2'", " y='2' x='1'",
            " x='1' y='2' stroke-linejoin='round' stroke-dasharray='1 2'", " stroke-dasharray='1' x='2'",
            " x='1' y='2' stroke-dasharray='3'", " x='1' y='2' stroke-linejoin='bevel'",
        ]
        var body = ""
        for round in 0..<3 {
            for (k, f) in forms.enumerated() {
                let element = ["rect", "g", "circle"][(k + round) % 3]
                body += "<\(element)\(f)" + (k % 3 == 0 ? "/>" : k % 3 == 1 ? "></\(element)>" : " />") + "\n"
            }
        }
        for tail in [0, 1, 8, 15, 16, 40] {
            let text = Self.open + #" xmlns:xlink="http://www.w3.org/1999/xlink">"# + body + "</svg>"
                + String(repeating: " ", count: tail)
            let r = FastXMLReaderTests.compare(Array(text.utf8))
            #expect(r.same && r.fast, "\(tail): \(r.detail)")
        }
    }

    /// A name repeated where its prefix matches (libxml2 stops: so does the reader), and the
    /// last attributes of the input, whose 16 bytes would pass its end.
    @Test func repeatsAndTheInputsEndReadTheSame() {
        let cases = [
            #"<g a="1" b="2"/><g b="1" a="2"/><g b="1" a="2" b="3"/>"#,
            #"<g a="1" b="2"/><g a="1" b="2" a="3"/>"#,
            #"<g a="1" b="2"/><g a="1" b="2"b="3"/>"#,
            #"<g a="1" b="2"/><g a="1" b="2"/ >"#,
            #"<g a="1" b="2"/><g a="1" b="2"x>"#,
        ]
        for c in cases {
            for tail in ["</svg>", "</svg>" + String(repeating: " ", count: 20)] {
                let text = Self.open + ">" + c + tail
                let r = FastXMLReaderTests.compare(Array(text.utf8))
                #expect(r.same, "\(c): \(r.detail)")
            }
        }
        for cut in 0...20 {
            let tags = #"<g a="1" b="2"/><g a="1" b="2"/><g a="1" b=""#
            let text = Self.open + ">" + tags + String(repeating: "0", count: cut) + #""/></svg>"#
            let r = FastXMLReaderTests.compare(Array(text.utf8))
            #expect(r.same && r.fast, "\(cut): \(r.detail)")
        }
    }

    /// Single-byte changes at every position of tags whose attributes repeat after the same names.
    @Test func mutatedRepeatsReadTheSame() {
        let original = Array(
            (Self.open + #"><rect x="1" y="2"/><rect x="3" y="4"/><rect x='5' y="6"></rect></svg>"# + String(repeating: " ", count: 20)).utf8)
        #expect(FastXMLReader.read(original) != nil, "the original is read by the fast path")
        let alphabet: [UInt8] = Array("<>&;\"'=/:- \tyx".utf8) + [0x00, 0xC3]
        var fast = 0
        for m in FastXMLReaderTests.singleByteMutants(of: original, alphabet: alphabet) {
            let r = FastXMLReaderTests.compare(m)
            #expect(r.same, "\(String(decoding: m, as: UTF8.self)): \(r.detail)")
            if r.fast { fast += 1 }
        }
        #expect(fast > original.count / 2, "the mutants exercise the fast path (\(fast) taken)")
    }
}
