import Foundation
import LaminaCore
import LaminaTestSupport
import Testing

@testable import LaminaSVGImport

/// The one-pass reader must give exactly what libxml2 gives (the same tables, byte for byte,
/// and no diagnostic) or decline: `XMLReader.read` is the same function of the input with the
/// fast path and without it. Checked on the shared corpus, on documents that exercise each
/// thing the fast path reads or declines, and on thousands of mutated documents.
@Suite struct FastXMLReaderTests {
    /// Both reads of `bytes`, and whether the fast path took the document.
    static func compare(_ bytes: [UInt8], file: String = "in.svg") -> (same: Bool, fast: Bool, detail: String) {
        let fast = FastXMLReader.read(bytes) != nil
        let a = Result { () throws(SVGImportError) in try XMLReader.read(bytes, file: file) }
        let b = Result { () throws(SVGImportError) in try XMLReader.read(bytes, file: file, fastPath: false) }
        switch (a, b) {
        case (.success(let x), .success(let y)):
            if x.diagnostics != y.diagnostics { return (false, fast, "diagnostics \(x.diagnostics) ≠ \(y.diagnostics)") }
            if let difference = difference(x.tree, y.tree) { return (false, fast, difference) }
            return (true, fast, "")
        case (.failure(let x), .failure(let y)):
            return (x == y, fast, x == y ? "" : "errors \(x) ≠ \(y)")
        case (.success, .failure(let y)):
            return (false, fast, "fast path read what libxml2 refuses: \(y)")
        case (.failure(let x), .success):
            return (false, fast, "fast path refused what libxml2 reads: \(x)")
        }
    }

    /// Reads `bytes` with libxml2 (for tests of the libxml2 path: blanked values, lifted limits)
    /// after checking that the fast path gives the same result or declines.
    static func libxml2Read(_ bytes: [UInt8], file: String) throws(SVGImportError) -> (tree: ElementTree, diagnostics: [Diagnostic]) {
        let r = compare(bytes, file: file)
        #expect(r.same, "\(r.detail)")
        return try XMLReader.read(bytes, file: file, fastPath: false)
    }

    /// The first difference between two trees' tables, or nil.
    static func difference(_ x: ElementTree, _ y: ElementTree) -> String? {
        let a = x.table, b = y.table
        if a.elements.count != b.elements.count { return "element counts \(a.elements.count) ≠ \(b.elements.count)" }
        for (i, (r, s)) in zip(a.elements, b.elements).enumerated() {
            if (r.name, r.parent, r.line, r.column, r.attributeStart, r.contentStart)
                != (s.name, s.parent, s.line, s.column, s.attributeStart, s.contentStart) || r.kind != s.kind
            {
                return "element \(i): \(r) ≠ \(s)"
            }
        }
        if a.attributeNameIDs != b.attributeNameIDs { return "attribute names differ" }
        if a.valueEnds != b.valueEnds { return "attribute value ends differ" }
        if a.arena != b.arena { return "attribute values differ" }
        if a.content != b.content { return "content lists differ" }
        if a.texts.map({ [$0.start, Int($0.count), Int($0.parent)] }) != b.texts.map({ [$0.start, Int($0.count), Int($0.parent)] }) {
            return "text runs differ"
        }
        if a.textArena != b.textArena { return "text bytes differ" }
        if a.elementNames.map({ [$0.name, $0.namespace ?? "-"] }) != b.elementNames.map({ [$0.name, $0.namespace ?? "-"] }) {
            return "element name tables differ"
        }
        if a.attributeNames.map({ [$0.name, $0.namespace ?? "-", $0.qualifiedName] })
            != b.attributeNames.map({ [$0.name, $0.namespace ?? "-", $0.qualifiedName] })
        {
            return "attribute name tables differ"
        }
        return nil
    }

    static let corpusFiles: [URL] = {
        var files: [URL] = []
        let roots = [TestSupport.sharedCorpus, TestSupport.packageRoot.appendingPathComponent("Samples")]
        for root in roots {
            guard let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in e where url.pathExtension == "svg" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }()

    @Test func corpusReadsTheSameWithAndWithoutTheFastPath() throws {
        let files = Self.corpusFiles
        try #require(files.count > 400, "the shared corpus is missing")
        var taken = 0
        for url in files {
            let bytes = try [UInt8](Data(contentsOf: url))
            let r = Self.compare(bytes, file: url.lastPathComponent)
            #expect(r.same, "\(url.lastPathComponent): \(r.detail)")
            if r.fast { taken += 1 }
        }
        // The fast path is the common path, not a rarity.
        #expect(taken * 10 >= files.count * 9, "fast path took \(taken) of \(files.count)")
    }

    static let svgOpen = #"<svg xmlns="http://www.w3.org/2000/svg""#

    /// `body` given a reader over `bytes` (not yet started), its arena of `arenaCapacity` bytes
    /// and its text buffer (the input's size and 64), both freed after.
    static func withReader<R>(
        _ bytes: [UInt8], arenaCapacity: Int,
        _ body: (FastXMLReader, _ arena: UnsafeMutablePointer<UInt8>, _ text: UnsafeMutablePointer<UInt8>) throws -> R
    ) throws -> R {
        let arena = UnsafeMutablePointer<UInt8>.allocate(capacity: arenaCapacity)
        let text = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 64)
        defer {
            arena.deallocate()
            text.deallocate()
        }
        return try bytes.withUnsafeBufferPointer { buf in
            try body(FastXMLReader(base: buf.baseAddress!, count: buf.count, arena: arena, text: text), arena, text)
        }
    }

    /// Documents the fast path reads (and must read exactly as libxml2 does).
    static let taken: [String] = [
        svgOpen + "/>",
        "\u{FEFF}" + svgOpen + "/>",
        #"<?xml version="1.0"?>"# + svgOpen + "/>",
        #"<?xml version='1.0' encoding='utf-8' standalone="no" ?>"# + "\n" + svgOpen + "/>",
        #"<?xml version="1.0" encoding="UTF8"?><!-- c --><?xml-model href="a.rng"?>"# + svgOpen + "/><!--x--><?pi?>\n",
        #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">"# + svgOpen + "/>",
        "<!DOCTYPE svg SYSTEM 'x.dtd' >" + svgOpen + "/>",
        "<!DOCTYPE svg>\r\n" + svgOpen + "/>",
        svgOpen + ">\r\n\t<rect x=\"1\r\n2\" y='3\t4\n5\r6'   width = \"&amp;&lt;&gt;&apos;&quot;&#38;&#x26;&#65;&#x1F600;&#10;\"/>\r\n</svg >",
        svgOpen + "><text x=\"1\">a\r\nb\rc &amp; &#x41;<tspan> <![CDATA[ x\r\n<y> ]] ]> ]]> </tspan>  </text></svg>",
        svgOpen + "><style>a{}</style><g>  <!-- c --> t <?pi x?> u</g><g> \n <!-- c --> \n </g></svg>",
        svgOpen + " xmlns:xlink=\"http://www.w3.org/1999/xlink\" xmlns:l=\"urn:lamina:layer\"><use xlink:href=\"#a\" l:z=\"1\" xml:space=\"preserve\" xml:lang=\"en\"/></svg>",
        "<s:svg xmlns:s=\"http://www.w3.org/2000/svg\"><s:g><rect/></s:g><g xmlns=\"\"><a/></g></s:svg>",
        svgOpen + "><g xmlns:a=\"http://a.example/1\" xmlns:b=\"http://a.example/2\" a:x=\"1\" b:x=\"2\" x=\"3\"/></svg>",
        svgOpen + "><foreignObject><div xmlns=\"http://www.w3.org/1999/xhtml\">é ü 中 😀 <b>x</b></div></foreignObject></svg>",
        svgOpen + " id=\"r\"><title>é</title><desc>a &lt;b&gt;</desc></svg>",
        svgOpen + "><!----><!-- - --><!-- <g> --></svg>",
        // Names are interned in libxml2's order when a tag rebinds a prefix after using it.
        svgOpen + " xmlns:p=\"urn:old\"><g p:a=\"1\"/><e p:a=\"\" b=\"\" xmlns:p=\"urn:new\"/><f c=\"\" xmlns:p=\"urn:x\" p:d=\"\"/><p:g/></svg>",
        svgOpen + " a=\"\u{7F}\" b=\"x>y\" c='\"' d=\"'\"/>",
    ]

    @Test(arguments: taken)
    func readsTheCommonCasesItself(_ text: String) {
        let bytes = Array(text.utf8)
        let r = Self.compare(bytes)
        #expect(r.same, "\(r.detail)")
        #expect(r.fast, "declined: \(text)")
    }

    /// Documents the fast path leaves to libxml2 (errors, warnings, entities, other encodings).
    static let declined: [String] = [
        "<!DOCTYPE svg [<!ENTITY a \"b\">]>" + svgOpen + " x=\"&a;\"/>",
        // A linked style sheet gets libxml2's reader, which warns that it is not loaded.
        #"<?xml-stylesheet href="a.css"?>"# + svgOpen + "/>",
        svgOpen + " x=\"&nbsp;\"/>",
        svgOpen + " x=\"&#0;\"/>",
        svgOpen + " x=\"&#xD800;\"/>",
        svgOpen + " x=\"&#65\"/>",
        svgOpen + " x=\"a<b\"/>",
        svgOpen + " x=\"1\" x=\"2\"/>",
        svgOpen + " xmlns:a=\"http://a\" xmlns:b=\"http://a\" a:x=\"1\" b:x=\"2\"/>",
        svgOpen + " xmlns:a=\"http://a\" xmlns:a=\"http://b\"/>",
        svgOpen + "><a:b/></svg>",
        svgOpen + " a:x=\"1\"/>",
        svgOpen + " xmlns:a=\"\"/>",
        svgOpen + " xmlns:a=\"a b\"/>",
        "<svg xmlns=\"relative\"/>",
        svgOpen + " xml:space=\"keep\"/>",
        svgOpen + " x=\"1\"y=\"2\"/>",
        svgOpen + "><g></svg>",
        svgOpen + "><g></h></svg>",
        svgOpen + ">",
        svgOpen + "/>x",
        "x" + svgOpen + "/>",
        svgOpen + "/><svg/>",
        svgOpen + "> ]]> </svg>",
        svgOpen + "><!-- a -- b --></svg>",
        svgOpen + "><?xml x?></svg>",
        svgOpen + "><?XmL?></svg>",
        svgOpen + "><?a:b?></svg>",
        svgOpen + "><!ELEMENT x></svg>",
        "<?xml version=\"1.1\"?>" + svgOpen + "/>",
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + svgOpen + "/>",
        "<?xml encoding=\"UTF-8\"?>" + svgOpen + "/>",
        " <?xml version=\"1.0\"?>" + svgOpen + "/>",
        svgOpen + " x=\"\u{1}\"/>",
        svgOpen + " x=\"\u{85}\"/>",
        svgOpen + "><é/></svg>",
        svgOpen + " é=\"1\"/>",
        svgOpen + "><a:b:c xmlns:a=\"http://a\"/></svg>",
    ]

    @Test(arguments: declined)
    func leavesTheRestToLibxml2(_ text: String) {
        let bytes = Array(text.utf8)
        let r = Self.compare(bytes)
        #expect(r.same, "\(r.detail)")
        #expect(!r.fast, "took: \(text)")
    }

    @Test func declinesWhatIsNotUTF8OrNestsTooDeeply() {
        var latin1 = Array((Self.svgOpen + " x=\"").utf8)
        latin1 += [0xE9, 0x22, 0x2F, 0x3E]
        var overlong = Array((Self.svgOpen + " x=\"").utf8)
        overlong += [0xC0, 0xAF, 0x22, 0x2F, 0x3E]
        let deep = Self.svgOpen + ">" + String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300) + "</svg>"
        let utf16 = Array("\u{FEFF}<svg/>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for bytes in [latin1, overlong, Array(deep.utf8), utf16, [0x3C, 0x00]] {
            let r = Self.compare(bytes)
            #expect(r.same, "\(r.detail)")
            #expect(!r.fast)
        }
        // Just under libxml2's depth limit, the fast path reads it.
        let nested = Self.svgOpen + ">" + String(repeating: "<g>", count: 200) + String(repeating: "</g>", count: 200) + "</svg>"
        let r = Self.compare(Array(nested.utf8))
        #expect(r.same && r.fast, "\(r.detail)")
    }

    /// Seeds for mutation: markup of every kind the fast path reads.
    static let seeds: [String] = [
        #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
            + svgOpen + " xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"10\">\r\n  <!-- note -->\n  <g id=\"a\" style=\"fill:red\">\n"
            + "    <rect x=\"1\" y=\"2&amp;3\" width='4'\n height=\"5\"/>\n    <text xml:space=\"preserve\"> a &lt; b <![CDATA[c]]></text>\n"
            + "  </g>\n  <use xlink:href=\"#a\"/><?pi data?>\n</svg>\n",
        "\u{FEFF}<s:svg xmlns:s=\"http://www.w3.org/2000/svg\" xmlns=\"urn:x:y\"><s:g a=\"&#x41;&#66;\"><b c=\"é\">ü</b></s:g></s:svg>",
    ]

    /// Single-byte changes (replace, insert, delete) at every position with bytes that matter to
    /// XML, and a few thousand random ones: the reads agree on every result.
    @Test(arguments: seeds.indices)
    func mutatedDocumentsReadTheSame(_ seed: Int) {
        let original = Array(Self.seeds[seed].utf8)
        let alphabet: [UInt8] = Array("<>&;#\"'=/!?-[]: \t\r\nx1".utf8) + [0x00, 0x01, 0x85, 0xC3, 0xA9, 0xEF, 0xFF]
        var generator = SplitMix64(state: UInt64(seed) + 7)
        var mutants = Self.singleByteMutants(of: original, alphabet: alphabet)
        for _ in 0..<1500 {
            var m = original
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let i = Int(generator.next() % UInt64(m.count))
                let b = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0: m[i] = b
                case 1: m.insert(b, at: i)
                default: if m.count > 1 { m.remove(at: i) }
                }
            }
            mutants.append(m)
        }
        var taken = 0
        for m in mutants {
            let r = Self.compare(m)
            #expect(r.same, "\(String(decoding: m, as: UTF8.self)): \(r.detail)")
            if r.fast { taken += 1 }
        }
        #expect(taken > mutants.count / 10, "the mutants exercise the fast path (\(taken) taken)")
    }

    /// `original` with one byte replaced, one inserted and one deleted at each position, the
    /// byte taken from `alphabet` in turn.
    static func singleByteMutants(of original: [UInt8], alphabet: [UInt8]) -> [[UInt8]] {
        var mutants: [[UInt8]] = []
        for i in original.indices {
            let b = alphabet[i % alphabet.count]
            var replaced = original
            replaced[i] = b
            var inserted = original
            inserted.insert(b, at: i)
            var deleted = original
            deleted.remove(at: i)
            mutants += [replaced, inserted, deleted]
        }
        return mutants
    }
}
