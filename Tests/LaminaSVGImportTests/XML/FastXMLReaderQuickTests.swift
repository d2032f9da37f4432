import Testing

@testable import LaminaSVGImport

/// The common attribute read by its name's words (``FastXMLReader/quickAttribute(at:namespacedCount:)``)
/// and values copied in 16-byte blocks: the same tables as libxml2 gives, or a decline, at every
/// name length around the 16-byte words, every value length around the blocks, near the end of
/// the input and on mutations.
@Suite struct FastXMLReaderQuickTests {
    static let open = FastXMLReaderTests.svgOpen

    /// A name of `count` bytes (letters, digits, `-`, `.`, `_`).
    static func name(_ count: Int, _ salt: Int) -> String {
        let bytes = Array("abcdefghij-_.klmnopq0123456789".utf8)
        return String(decoding: (0..<count).map { $0 == 0 ? UInt8(0x61 + salt % 26) : bytes[($0 * 7 + salt) % bytes.count] }, as: UTF8.self)
    }

    /// A value of `count` bytes, plain or with a reference, a tab or a non-ASCII letter.
    static func value(_ count: Int, _ kind: Int) -> String {
        let plain = String(repeating: "0123456789 ,.-", count: 4)
        let body = String(plain.prefix(count))
        switch kind {
        case 1: return count > 4 ? "&amp;" + body.dropFirst(5) : body
        case 2: return count > 1 ? "\t" + body.dropFirst(1) : body
        case 3: return count > 2 ? "é" + body.dropFirst(2) : body
        default: return body
        }
    }

    /// Elements whose attributes repeat names of 1–18 bytes and values of 0–40 bytes, with white
    /// space around `=`, both quotes, prefixed names sharing a bare name's bytes.
    static func document(nameLength: Int) -> String {
        var s = open + " xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n"
        let names = (0..<4).map { name(nameLength, $0 + nameLength) }
        for k in 0..<48 {
            s += "<rect"
            for (j, n) in names.enumerated() {
                let v = value((k + j * 11) % 41, (k / 7 + j) % 4)
                switch (k + j) % 5 {
                case 0: s += " \(n)=\"\(v)\""
                case 1: s += "\n\t\(n) = '\(v)'"
                case 2: s += "  \(n)\r\n=\"\(v)\""
                default: s += " \(n)=\"\(v)\""
                }
            }
            if k % 6 == 0 { s += " xlink=\"a\" xlink:href=\"#b\"" }
            s += k % 2 == 0 ? "/>\n" : " ></rect>\n"
        }
        return s + "</svg>"
    }

    @Test(arguments: 1...18)
    func repeatedNamesReadTheSame(_ nameLength: Int) {
        let text = Self.document(nameLength: nameLength)
        let r = FastXMLReaderTests.compare(Array(text.utf8))
        #expect(r.same, "\(r.detail)")
        #expect(r.fast, "declined: \(text)")
    }

    /// The last tags of the input: names and values whose 16- or 32-byte blocks would pass its end.
    @Test(arguments: 0...40)
    func attributesAtTheEndReadTheSame(_ tail: Int) {
        let names = ["x", "width", "stroke-w", "stroke-wi", "stroke-linejoin", "stroke-dasharray", "stroke-miterlimit"]
        var s = Self.open + ">"
        for n in names { s += "<g \(n)=\"1\"/>" }
        for n in names { s += "<g \(n)=\"\(Self.value(tail, 0))\"/>" }
        s += "<g " + names.map { "\($0)='\(Self.value(tail, 0))'" }.joined(separator: " ") + "/></svg>"
        let r = FastXMLReaderTests.compare(Array(s.utf8))
        #expect(r.same && r.fast, "\(r.detail)")
    }

    /// What follows a known name decides: a prefix, a byte past ASCII, a missing `=`, a name used
    /// twice (libxml2 stops) are left to the general reading.
    @Test func knownNamesFollowedByAnythingElse() {
        let cases = [
            "<g xlink:href=\"#a\"/>", "<g xlink:=\"1\"/>", "<g widthé=\"1\"/>", "<g width\"1\"/>", "<g width=1/>",
            "<g width='1\"/>", "<g width=\"1\" width=\"2\"/>", "<g width=\"1\"width=\"2\"/>", "<g width =\n\"1\"/>",
            "<g width=\"1\" stroke-dasharray-x=\"2\" stroke-dasharray=\"3\"/>",
        ]
        for c in cases {
            let text = Self.open + " xmlns:xlink=\"http://www.w3.org/1999/xlink\"><g xlink=\"\" width=\"0\" stroke-dasharray=\"\"/>"
                + c + String(repeating: " ", count: 40) + "</svg>"
            let r = FastXMLReaderTests.compare(Array(text.utf8))
            #expect(r.same, "\(c): \(r.detail)")
        }
    }

    /// A byte that stops a value's plain copy (a reference, a line end, a tab, a byte past ASCII,
    /// the other quote, which does not; `<`, controls and NUL, which libxml2 refuses) at every
    /// position of values of 0–40 bytes: each 16-byte block's lanes, and blocks that would pass
    /// the input's end (the last value ends 8 bytes before it).
    @Test(arguments: ["&amp;", "&#x41;", "\t", "\n", "\r", "\r\n", "é", "'", "\u{7F}", "<", "\u{01}", "\u{0}"])
    func aSpecialByteAtEveryPositionOfAValue(_ special: String) {
        let refused = ["<", "\u{01}", "\u{0}"].contains(special)
        for length in 0...40 {
            let body = Self.value(length, 0)
            let values = (0...length).map { String(body.prefix($0)) + special + String(body.dropFirst($0)) }
            let documents = refused ? values.map { [$0] } : [values]
            for group in documents {
                var s = Self.open + "><g width=\"0\"/>"
                for v in group { s += "<g x=\"1\" width=\"\(v)\"/>" }
                s += "<g width=\"\(group.last!)\"/></svg>"
                let r = FastXMLReaderTests.compare(Array(s.utf8))
                #expect(r.same, "\(length) \(group): \(r.detail)")
                if !refused { #expect(r.fast, "declined: \(s)") }
            }
        }
    }

    /// A known name of 1–16 bytes ended by each kind of byte: `=` and white space read it, any
    /// other byte (a control, NUL, a byte past ASCII, a prefix's colon, a name byte making a
    /// longer name) leaves it to the general reading, with the same tables or the same error.
    @Test(arguments: 1...16)
    func knownNamesEndedByEveryKindOfByte(_ count: Int) {
        let name = Self.name(count, count)
        for end in ["=", " =", "\t=", "\n =", "\r\n=", "\u{0}=", "\u{01}=", "é=", ":a=", "/=", ">", "-=", "a=", "\"="] {
            let s = Self.open + " xmlns:\(name)=\"urn:x\"><g \(name)=\"1\"/><g x=\"2\" \(name)\(end)\"3\"/>"
                + String(repeating: "<g/>", count: 5) + "</svg>"
            let r = FastXMLReaderTests.compare(Array(s.utf8))
            #expect(r.same, "\(name)\(end): \(r.detail)")
        }
    }

    /// A known element name of 1–18 bytes ended by each kind of byte: white space, `>` and `/`
    /// read it by its words; any other byte (a prefix's colon, `=`, a quote, a control, NUL, a
    /// byte past ASCII, a name byte making a longer name) leaves it to the general reading.
    @Test(arguments: 1...18)
    func knownElementNamesEndedByEveryKindOfByte(_ count: Int) {
        let name = Self.name(count, count + 3)
        for end in [" ", "\t", "\n", ">", "/", ":a", "=", "\"", "\u{0B}", "\u{0}", "é", "-", "a", "<"] {
            let tail = end == ">" ? "</\(name)>" : end == "/" ? ">" : end == " " || end == "\t" || end == "\n" ? "/>" : "/>"
            let s = Self.open + " xmlns:\(name)=\"urn:x\"><\(name)/><\(name) x=\"1\"/><\(name)\(end)\(tail)"
                + String(repeating: "<g/>", count: 5) + "</svg>"
            let r = FastXMLReaderTests.compare(Array(s.utf8))
            #expect(r.same, "\(name)\(end): \(r.detail)")
            if [" ", "\t", "\n", ">", "/"].contains(end) { #expect(r.fast, "declined: \(s)") }
        }
    }

    /// Element names met before are found by their words only under the namespace they had.
    @Test func elementNamesUnderChangingDefaultNamespaces() {
        let body = "<g><rect/><text>a</text></g><g xmlns=\"urn:a\"><g/><rect /><text> </text></g><g xmlns=\"\"><rect></rect></g>"
            + "<text> b </text><rect/><abcdefghijklmnop/><abcdefghijklmnopq/><g>\n<rect/></g>"
        for pad in [0, 1, 16, 40] {
            let text = Self.open + ">" + body + body + "</svg>" + String(repeating: " ", count: pad)
            let r = FastXMLReaderTests.compare(Array(text.utf8))
            #expect(r.same && r.fast, "\(pad): \(r.detail)")
        }
    }

    /// Single-byte changes at every position of a document of repeated names.
    @Test func mutatedRepeatedNamesReadTheSame() {
        let original = Array(
            (Self.open + "><rect x=\"1\" y=\"2\" stroke-width=\"3\"/><rect x=\"10\" y = '20' stroke-width=\"0123456789abcdefghij\"/>"
                + "<rect stroke-width=\"4\" x=\"5\"/></svg>").utf8)
        let alphabet: [UInt8] = Array("<>&;#\"'=/:- \t\nx1".utf8) + [0x00, 0xC3, 0xA9]
        var fast = 0
        for m in FastXMLReaderTests.singleByteMutants(of: original, alphabet: alphabet) {
            let r = FastXMLReaderTests.compare(m)
            #expect(r.same, "\(String(decoding: m, as: UTF8.self)): \(r.detail)")
            if r.fast { fast += 1 }
        }
        #expect(fast > original.count, "the mutants exercise the fast path (\(fast) taken)")
    }
}

/// Names found by their bytes as two words.
@Suite struct ShortNameTableTests {
    @Test func wordsHoldTheNameAndZeroPastIt() {
        let bytes = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        bytes.withUnsafeBufferPointer { b in
            let p = b.baseAddress!
            for count in 1...16 {
                let (w0, w1) = ShortNameTable.words(p, count: count)
                var expected = [UInt8](repeating: 0, count: 16)
                for k in 0..<count { expected[k] = bytes[k] }
                let low = (0..<8).reduce(UInt64(0)) { $0 | UInt64(expected[$1]) << UInt64(8 * $1) }
                let high = (0..<8).reduce(UInt64(0)) { $0 | UInt64(expected[8 + $1]) << UInt64(8 * $1) }
                #expect(w0 == low && w1 == high, "count \(count)")
            }
        }
    }

    @Test func findsEveryNameInsertedAcrossGrowth() {
        let names = (0..<500).map { "n\($0)-\(String(repeating: "x", count: $0 % 11))" }
        var table = ShortNameTable()
        defer { table.deallocate() }
        func words(_ s: String) -> (UInt64, UInt64) {
            let bytes = Array(s.utf8) + [UInt8](repeating: 0x3D, count: 16)
            return bytes.withUnsafeBufferPointer { ShortNameTable.words($0.baseAddress!, count: s.utf8.count) }
        }
        for (k, s) in names.enumerated() {
            let (w0, w1) = words(s)
            #expect(table.find(w0, w1) == -1)
            table.insert(w0, w1, id: Int32(k))
        }
        for (k, s) in names.enumerated() {
            let (w0, w1) = words(s)
            #expect(table.find(w0, w1) == Int32(k), "\(s)")
        }
        let (w0, w1) = words("zz")
        #expect(table.find(w0, w1) == -1)
    }
}
