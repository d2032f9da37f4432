import Foundation
import LaminaCore
import LaminaTestSupport
import Testing

@testable import LaminaSVGImport

/// A document read in two halves at once must give exactly the tables one reader gives, or the
/// same refusal, wherever it is split: where the halves can be joined and where the first reader
/// has to read on alone (a split inside a comment, CDATA or `text`, below a namespace
/// declaration, in a malformed or truncated document).
@Suite struct FastXMLReaderSplitTests {
    /// Whether reading `bytes` split at `offset` agrees with one reader, and whether it joined.
    static func agrees(_ bytes: [UInt8], splitAt offset: Int) -> (same: Bool, joined: Bool, detail: String) {
        let one = FastXMLReader.read(bytes)
        let (two, joined) = FastXMLReader.readReportingJoin(bytes, splitAt: offset)
        switch (one, two) {
        case (nil, nil):
            return (true, joined, "")
        case (var a?, var b?):
            let detail = FastXMLReaderTests.difference(a.finish(file: "in.svg"), b.finish(file: "in.svg"))
            return (detail == nil, joined, detail ?? "")
        case (nil, _?):
            return (false, joined, "the split read took what one reader declines")
        case (_?, nil):
            return (false, joined, "the split read declined what one reader takes")
        }
    }

    /// Offsets of start tags (a `<` before a name), where the document may be split.
    static func startTags(_ bytes: [UInt8]) -> [Int] {
        bytes.indices.dropLast().filter { i in
            bytes[i] == 0x3C && (bytes[i + 1] == 0x5F || (bytes[i + 1] | 0x20 >= 0x61 && bytes[i + 1] | 0x20 <= 0x7A))
        }
    }

    @Test func corpusReadsTheSameSplitAnywhere() throws {
        let files = FastXMLReaderTests.corpusFiles
        try #require(files.count > 400, "the shared corpus is missing")
        var joined = 0, splits = 0
        for url in files {
            let bytes = try [UInt8](Data(contentsOf: url))
            let tags = Self.startTags(bytes)
            guard !tags.isEmpty else { continue }
            // Up to eight split points spread over the document.
            let step = max(1, tags.count / 8)
            for p in stride(from: 0, to: tags.count, by: step) {
                let r = Self.agrees(bytes, splitAt: tags[p])
                #expect(r.same, "\(url.lastPathComponent) split at \(tags[p]): \(r.detail)")
                splits += 1
                if r.joined { joined += 1 }
            }
        }
        // Most splits join (the others are inside comments, `text` or below a namespace declaration).
        #expect(joined * 2 > splits, "\(joined) of \(splits) splits joined")
    }

    /// Documents built to reach each way a split can go, split at every start tag.
    static let documents: [String] = FastXMLReaderTests.taken + FastXMLReaderTests.seeds + [
        FastXMLReaderTests.svgOpen + "><g id=\"a\"><g><rect/><rect/></g><circle r=\"1\"/></g>\n<g><path d=\"M0 0\"/></g></svg>",
        FastXMLReaderTests.svgOpen + "><!-- <rect/> <g> --><rect/><![CDATA[ <g> ]]><g/></svg>",
        FastXMLReaderTests.svgOpen + "><text>a<tspan>b</tspan><tspan>c</tspan> d</text><g/></svg>",
        FastXMLReaderTests.svgOpen + "><g xmlns:p=\"urn:p\"><p:a/><p:b/></g><g xmlns=\"urn:d\"><e/><f/></g><g/></svg>",
        FastXMLReaderTests.svgOpen + "><a><b></a></b><c/></svg>",
        FastXMLReaderTests.svgOpen + "><a><b/></a><c/>",
        FastXMLReaderTests.svgOpen + "><a/></svg><b/>",
        FastXMLReaderTests.svgOpen + "><a/></svg> x <!-- c -->",
        FastXMLReaderTests.svgOpen + "><a/></svg><![CDATA[ ]]>",
        FastXMLReaderTests.svgOpen + "><a/>text<b/> more <c x=\"1\" x=\"2\"/></svg>",
        FastXMLReaderTests.svgOpen + "><g>" + String(repeating: "<g>", count: 240) + "<rect/>" + String(repeating: "</g>", count: 241)
            + "<g>" + String(repeating: "<g>", count: 252) + String(repeating: "</g>", count: 253) + "</svg>",
        FastXMLReaderTests.svgOpen + " xmlns:x=\"urn:x\"><x:a x:b=\"1\"/><new c=\"&amp;\" x:new=\"2\">t&#65;</new><z/></svg>",
        // Lines and columns after the split (counted from it by the second reader): several
        // elements on a line, after multi-byte characters, CR LF and CR line ends.
        FastXMLReaderTests.svgOpen + "><g id=\"é\"><a/> <b c=\"ü€\"/>\n<c/><d x=\"1\r\n2\"/></g>\r\n  <e/>\r<f/><g><h/>\n\n\t<i/></g></svg>\n",
    ]

    @Test(arguments: documents.indices)
    func documentsReadTheSameSplitAtEveryStartTag(_ k: Int) {
        let bytes = Array(Self.documents[k].utf8)
        for p in Self.startTags(bytes) {
            let r = Self.agrees(bytes, splitAt: p)
            #expect(r.same, "split at \(p) of \(Self.documents[k]): \(r.detail)")
        }
    }

    /// The mutants of the one-reader tests, split near their middle.
    @Test(arguments: FastXMLReaderTests.seeds.indices)
    func mutatedDocumentsReadTheSameSplit(_ seed: Int) {
        let original = Array(FastXMLReaderTests.seeds[seed].utf8)
        let alphabet: [UInt8] = Array("<>&;#\"'=/!?-[]: \t\r\nx1".utf8) + [0x00, 0x85, 0xC3, 0xA9]
        var joined = 0, count = 0
        for i in original.indices {
            var replaced = original
            replaced[i] = alphabet[i % alphabet.count]
            var inserted = original
            inserted.insert(alphabet[(i * 7) % alphabet.count], at: i)
            var deleted = original
            deleted.remove(at: i)
            for m: [UInt8] in [replaced, inserted, deleted] {
                let tags = Self.startTags(m)
                guard let p = tags.first(where: { $0 >= m.count / 2 }) ?? tags.last else { continue }
                let r = Self.agrees(m, splitAt: p)
                #expect(r.same, "\(String(decoding: m, as: UTF8.self)) split at \(p): \(r.detail)")
                count += 1
                if r.joined { joined += 1 }
            }
        }
        #expect(joined > 0 || count == 0, "no mutant of seed \(seed) was joined")
    }

    /// A large generated drawing, flat and nested, is split by size alone (two threads) and joined.
    @Test(arguments: [false, true])
    func largeDocumentsAreSplitAndJoined(nested: Bool) throws {
        var s = FastXMLReaderTests.svgOpen + ">\n"
        for i in 0..<40_000 {
            s += nested && i % 4 == 0 ? "<g transform=\"translate(\(i % 7) 1)\">\n" : ""
            s += "<rect x=\"\(i % 97)\" y=\"\(i % 31)\" width=\"3\" height=\"4\" fill=\"#\(String(i % 4096, radix: 16))\"/>\n"
            s += nested && i % 4 == 3 ? "</g>\n" : ""
        }
        s += "</svg>\n"
        let bytes = Array(s.utf8)
        try #require(bytes.count >= FastXMLReader.splitMinimumBytes)
        let (two, joined) = FastXMLReader.readReportingJoin(bytes, threads: 2)
        #expect(joined)
        var a = try #require(FastXMLReader.read(bytes)), b = try #require(two)
        let detail = FastXMLReaderTests.difference(a.finish(file: "in.svg"), b.finish(file: "in.svg"))
        #expect(detail == nil, "\(detail ?? "")")
    }

    /// The second reader writes its values straight into the first reader's arena, from the
    /// offset it is given on (``FastXMLReader/secondHalfValues(_:count:split:)``), not into
    /// its own: they are there, byte for byte the one reader's after the first half's, once it
    /// is done; the join then moves them down (the tables are the one reader's).
    @Test(arguments: [#"a="1""#, #"a="""#, ""])
    func theSecondHalfsValuesAreWrittenIntoTheFirstReadersArena(_ attribute: String) throws {
        var s = FastXMLReaderTests.svgOpen + " class=\"root\">"
        for i in 0..<60 { s += i < 30 ? "<rect id=\"r\(i)\" width=\"\(i)\"/>" : "<g \(attribute) b=\"x\(i)\"/>" }
        s += "</svg>"
        let bytes = Array(s.utf8)
        let split = try #require(Self.startTags(bytes).dropFirst(31).first)
        var a = try #require(FastXMLReader.read(bytes))
        let one = a.finish(file: "in.svg").table
        // The one reader's values of the second half: after those of the first 31 elements.
        let firstHalfValues = Int(one.valueEnds[Int(one.elements[31].attributeStart) - 1])
        let secondValues = Array(one.arena[firstHalfValues...])
        let at = split - 20
        try FastXMLReaderTests.withReader(bytes, arenaCapacity: FastXMLReader.arenaRoom(count: bytes.count)) { reader, arena, _ in
            reader.startSecondHalf(at: split, valuesAt: at)
            let half = try #require(reader.split.partner)
            half.wait()
            #expect(half.succeeded)
            #expect(Array(UnsafeBufferPointer(start: arena + at, count: secondValues.count)) == secondValues)
            reader.finishSecondHalf()
        }
        let (two, joined) = FastXMLReader.readReportingJoin(bytes, splitAt: split, secondValuesAt: at)
        #expect(joined)
        var b = try #require(two)
        let table = b.finish(file: "in.svg").table
        #expect(table.valueEnds == one.valueEnds && table.arena == one.arena)
    }

    /// Wherever the second half's values are placed, the first reader never writes over them:
    /// placed below where its own values end (an estimate too low), it waits for the second
    /// reader at the value that would reach them and moves them to that reader's own arena (the
    /// join copies them back); placed at or past that end, the join moves them down. Short
    /// values (16-byte blocks), long ones, values with references (decoded) and a tag with
    /// declarations.
    @Test func theFirstReaderStopsBelowTheSecondHalfsValues() throws {
        var s = FastXMLReaderTests.svgOpen + " xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
        for i in 0..<80 {
            switch i % 4 {
            case 0: s += "<rect id=\"r\(i)\" width=\"\(i)\"/>"
            case 1: s += "<path d=\"M \(i) 0 L 10 20 L 30 40 L 50 60 L 70 80 L 90 100 Z\"/>"
            case 2: s += "<text x=\"1 &amp; 2\" y=\"&#x33;\">t</text>"
            default: s += "<g xmlns:a=\"urn:a\" a:k=\"v\(i)\" transform=\"translate(\(i))\"/>"
            }
        }
        s += "</svg>"
        let bytes = Array(s.utf8)
        var one = try #require(FastXMLReader.read(bytes))
        let expected = one.finish(file: "in.svg")
        for split in Self.startTags(bytes).filter({ $0 > bytes.count / 3 }).prefix(6) {
            for at in [0, 1, 100, split / 3, split / 2, split - 40, split, split + 64] {
                let (two, joined) = FastXMLReader.readReportingJoin(bytes, splitAt: split, secondValuesAt: at)
                #expect(joined)
                var b = try #require(two)
                let table = b.finish(file: "in.svg")
                let detail = FastXMLReaderTests.difference(expected, table)
                #expect(detail == nil, "split at \(split), values at \(at): \(detail ?? "")")
            }
        }
    }

    /// The share of value bytes a document's first half is estimated to hold, from 16 windows.
    @Test func theValueShareIsEstimatedFromWindows() {
        // 8 value bytes in each 22-byte element.
        let element = Array(#"<rect x="12345678"/>  "#.utf8)
        let bytes = Array((0..<4_000).map { _ in element }.joined())
        let share = bytes.withUnsafeBufferPointer { FastXMLReader.valueShare($0.baseAddress!, count: $0.count) }
        #expect(abs(share - 8.0 / 22.0) < 0.01)
        // Too small to sample: every byte may be a value's.
        #expect(bytes.withUnsafeBufferPointer { FastXMLReader.valueShare($0.baseAddress!, count: 1_000) } == 1)
    }

    /// The second reader starts past the middle (its thread, done, also backs the pages of the
    /// first reader's tables): at the first start tag from 9/16 of the input on.
    @Test func theSplitLeavesTheSecondReaderTheSmallerPart() throws {
        var s = FastXMLReaderTests.svgOpen + ">\n"
        for i in 0..<2_000 { s += "<rect x=\"\(i % 97)\" width=\"3\" height=\"4\"/>\n" }
        s += "</svg>\n"
        let bytes = Array(s.utf8)
        let at = try #require(bytes.withUnsafeBufferPointer { FastXMLReader.splitPoint($0.baseAddress!, count: $0.count) })
        let share = bytes.count / 16 * 9
        #expect(at >= share && at > bytes.count / 2)
        #expect(bytes[at] == 0x3C && bytes[at + 1] == 0x72)
        #expect(!bytes[share..<at].contains(0x3C))
    }
}
