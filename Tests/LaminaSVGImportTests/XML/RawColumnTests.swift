import Testing

@testable import LaminaSVGImport

/// The reader's slot columns written into arrays' storage (``RawColumn/init(filling:)``) and
/// handed over without a copy, or copied from the column's own buffer once they outgrew it.
@Suite struct RawColumnTests {
    /// Values written within the given buffer are the array's, in place; the column frees nothing.
    @Test func aColumnFillsTheBufferItIsGiven() {
        var column: RawColumn<Int32>?
        let values = [Int32](unsafeUninitializedCapacity: 40) { buffer, count in
            var c = RawColumn(filling: buffer)
            for k in 0..<40 { c.append(Int32(k * 3)) }
            c.truncate(to: 37)
            #expect(c.fillsGivenBuffer && c.base == buffer.baseAddress)
            count = c.countInGivenBuffer
            column = c
        }
        #expect(values == (0..<37).map { Int32($0 * 3) })
        values.withUnsafeBufferPointer { #expect(UnsafeMutablePointer(mutating: $0.baseAddress) == column?.base) }
        column?.deallocate()
        #expect(values.count == 37 && values.last == 108)
    }

    /// A column that outgrows its buffer moves to its own: the buffer then holds nothing for the
    /// array, and the column's `array()` holds every value.
    @Test func aColumnThatOutgrowsItsBufferKeepsEveryValue() {
        var column: RawColumn<UInt32>?
        let given = [UInt32](unsafeUninitializedCapacity: 16) { buffer, count in
            var c = RawColumn(filling: buffer)
            for k in 0..<100 { c.append(UInt32(k)) }
            #expect(!c.fillsGivenBuffer && c.base != buffer.baseAddress)
            count = c.countInGivenBuffer
            column = c
        }
        #expect(given.isEmpty)
        #expect(column?.array() == (0..<100).map { UInt32($0) })
        column?.deallocate()
    }

    /// The tables hand over the arrays the reader wrote in (their room is the whole estimate),
    /// not copies of them.
    @Test func theTablesAreTheArraysTheReaderWroteIn() throws {
        let bytes = Array((FastXMLReaderTests.svgOpen + "><rect x=\"1\" y=\"2\"/><g id=\"a\">t</g></svg>").utf8)
        let tables = try #require(FastXMLReader.read(bytes))
        #expect(tables.attributeNameIDs.count >= 3 && tables.valueEnds.count == tables.attributeNameIDs.count)
        #expect(tables.attributeNameIDs.capacity >= FastXMLReader.slotCapacity(count: bytes.count))
        #expect(tables.valueEnds.capacity >= FastXMLReader.slotCapacity(count: bytes.count))
        #expect(FastXMLReaderTests.compare(bytes).same)
    }

    /// A document with more attributes than the columns have room for (short ones on one element)
    /// reads the same as with libxml2, in one reader and split after the document element.
    @Test func documentsWithMoreSlotsThanRoomReadTheSame() throws {
        let attributes = (0..<600).map { " a\($0)=\"\($0 % 7)\"" }.joined()
        let text = FastXMLReaderTests.svgOpen + attributes + "><rect x=\"1\"/><g id=\"a\" y=\"2\">t</g><rect/></svg>"
        let bytes = Array(text.utf8)
        let tables = try #require(FastXMLReader.read(bytes))
        #expect(tables.attributeNameIDs.count > FastXMLReader.slotCapacity(count: bytes.count))
        let result = FastXMLReaderTests.compare(bytes)
        #expect(result.same && result.fast, "\(result.detail)")
        let tags = FastXMLReaderSplitTests.startTags(bytes)
        try #require(tags.count == 4)
        let joined = FastXMLReaderSplitTests.agrees(bytes, splitAt: tags[2])
        #expect(joined.same && joined.joined, "\(joined.detail)")
    }

    /// Room made for values written through a pointer (the join's slots): in the given buffer
    /// while it has room, else in the column's own, the values before kept.
    @Test func roomIsMadeInTheBufferOrPastIt() {
        var column: RawColumn<Int32>?
        let given = [Int32](unsafeUninitializedCapacity: 16) { buffer, count in
            var c = RawColumn(filling: buffer)
            c.append(1)
            let at = c.extend(by: 10)
            for k in 0..<10 { at[k] = Int32(10 + k) }
            #expect(c.fillsGivenBuffer && c.count == 11 && at == buffer.baseAddress! + 1)
            count = c.countInGivenBuffer
            let past = c.extend(by: 40)
            for k in 0..<40 { past[k] = Int32(100 + k) }
            #expect(!c.fillsGivenBuffer && c.count == 51 && c.capacity >= 51)
            column = c
        }
        #expect(given == [1] + (10..<20).map { Int32($0) })
        #expect(column?.array() == [1] + (10..<20).map { Int32($0) } + (100..<140).map { Int32($0) })
        #expect(column?.countInGivenBuffer == 0)
        column?.deallocate()
    }

    /// A second half with more slots than the first reader's columns have room for: the join
    /// makes room past them, and the tables are one reader's.
    @Test func aJoinPastTheColumnsRoomReadsTheSame() throws {
        let tags = (0..<120).map { k in "<g" + (0..<6).map { " a\($0)=\"\(k % 3)\"" }.joined() + "/>" }.joined()
        let bytes = Array((FastXMLReaderTests.svgOpen + "><rect x=\"1\"/>" + tags + "</svg>").utf8)
        let tables = try #require(FastXMLReader.read(bytes))
        #expect(tables.attributeNameIDs.count > FastXMLReader.slotCapacity(count: bytes.count))
        let starts = FastXMLReaderSplitTests.startTags(bytes)
        for split in [starts[2], starts[60]] {
            let joined = FastXMLReaderSplitTests.agrees(bytes, splitAt: split)
            #expect(joined.same && joined.joined, "\(joined.detail)")
        }
    }
}
