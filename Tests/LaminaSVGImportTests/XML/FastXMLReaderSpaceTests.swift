import Testing

@testable import LaminaSVGImport

/// White space between tags that the reader drops without copying
/// (``FastXMLReader/isDroppedSpace(_:_:)``): the same tables as libxml2 gives, or the same
/// refusal, for runs of every length and byte before start and end tags, before the markup that
/// keeps a run pending (comments, PIs, CDATA), after text and references, inside `text`, and
/// with the document split at the start tag after each run.
@Suite struct FastXMLReaderSpaceTests {
    static let open = FastXMLReaderTests.svgOpen

    /// A run of `count` bytes cycling through white space from `kind` on; kinds past 4 put a
    /// byte that is not white space (a control, a no-break space, a letter) in its middle.
    static func run(_ count: Int, _ kind: Int) -> String {
        let space = [" ", "\n", "\t", "\r", "\r\n"]
        var s = (0..<count).map { space[($0 + kind) % space.count] }.joined()
        if kind >= space.count, count > 0 {
            let odd = ["\u{0B}", "\u{A0}", "x", "\u{01}", "&#32;", "&amp;"][(kind - space.count) % 6]
            s.insert(contentsOf: odd, at: s.index(s.startIndex, offsetBy: count / 2))
        }
        return s
    }

    /// The markup a run is put before (it is also put before each end tag), and what comes
    /// before the run.
    static let after = ["<g/>", "<g></g>", "<g>a</g>", "<!-- c -->", "<?p q?>", "<![CDATA[ ]]>", "<![CDATA[x]]>", "<text>t</text>"]
    static let before = ["", "t", "&lt;", "<!-- c -->", "<?p?>", "<![CDATA[]]>", "<text>", "<text>a"]

    /// Every `before` × run × `after` inside a group.
    static func document(length: Int, kind: Int) -> String {
        var s = open + ">"
        for b in before {
            for a in after {
                let closeText = b.hasPrefix("<text>") ? "</text>" : ""
                s += "<g>" + b + run(length, kind) + a + run(length, kind) + closeText + run(length, kind) + "</g>"
            }
        }
        return s + run(length, kind) + "</svg>" + run(length, kind)
    }

    @Test(arguments: 0...11)
    func runsOfEveryByteReadTheSame(_ kind: Int) {
        for length in 0...19 {
            let text = Self.document(length: length, kind: kind)
            let r = FastXMLReaderTests.compare(Array(text.utf8))
            #expect(r.same, "run \(length) kind \(kind): \(r.detail)")
            if kind < 5 { #expect(r.fast, "declined: \(text)") }
        }
    }

    /// Split at every start tag (where ``FastXMLReader/splitPoint(_:count:)`` splits) of a
    /// document with runs before each kind of markup, so that a run ends at the split: the
    /// halves join or the first reads on, and the tables are those of one reader.
    @Test(arguments: [1, 2, 7, 16])
    func splitInsideRunsReadsTheSame(_ length: Int) {
        let body = Self.after.map { "<g>" + Self.run(length, length) + $0 + Self.run(length, 1) + "</g>" }.joined()
        let text = Self.open + ">" + Self.run(length, 2) + body + "<g>t" + Self.run(length, 3) + "<a/></g></svg>"
        let bytes = Array(text.utf8)
        for offset in FastXMLReaderSplitTests.startTags(bytes) {
            let r = FastXMLReaderSplitTests.agrees(bytes, splitAt: offset)
            #expect(r.same, "split at \(offset) of \(text): \(r.detail)")
        }
    }
}
