#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the common SVG document straight into an ``ElementTreeBuilder``, in one pass over the
/// bytes and without libxml2.
///
/// It reads only what it can read exactly as ``XMLReader``'s libxml2 path does (the same
/// tables, byte for byte, and no diagnostic) and declines everything else, returning nil: the
/// caller then parses with libxml2, which also reports every error. What it reads: UTF-8 (a
/// byte-order mark, an XML declaration of version 1.0 naming UTF-8 or nothing), a `DOCTYPE`
/// without an internal subset, comments, CDATA sections, processing instructions other than
/// reserved ones, ASCII element and attribute names with at most one prefix, namespace
/// declarations with absolute URIs, the five predefined entities and character references.
/// It declines on any other reference (there is no entity to expand), on anything not
/// well-formed, on characters XML forbids, C1 controls included, on nesting past
/// ``maximumDepth`` (libxml2 then reports its own limit) and on inputs with very many
/// namespace declarations or very long names (kept to libxml2's handling).
///
/// Text and attribute values are normalized as libxml2 delivers them: line ends (CR LF, CR)
/// become LF, and in attribute values tab, CR, LF and CR LF each become one space; references
/// are replaced by their characters. Element locations are the line and column of each start
/// tag's `<`, counted as ``ReaderState`` counts them (lines by LF, columns by UTF-8 scalar).
final class FastXMLReader {
    /// Why a read stopped: the input needs libxml2.
    struct Decline: Error {}

    /// Open elements nested deeper than this go to libxml2 (whose own limit is 256).
    static let maximumDepth = 250
    /// At most this many namespace declarations in scope.
    static let maximumBindings = 256
    /// Longer names go to libxml2.
    static let maximumNameLength = 1000
    /// ``arenaLimit`` when no other reader writes into the arena (the arena holds the input).
    static let noArenaLimit = Int.max / 4

    let base: UnsafePointer<UInt8>
    let n: Int
    @exclusivity(unchecked) var builder = ElementTreeBuilder()
    @exclusivity(unchecked) var stack: [Open] = []
    /// How many open elements are SVG `text` (inside one, blank text runs are kept).
    @exclusivity(unchecked) var textDepth = 0
    /// Where the pending text run starts in the builder's text arena, or -1.
    @exclusivity(unchecked) var pendingStart = -1
    @exclusivity(unchecked) var bindings: [Binding] = []
    /// Namespace URIs by index (a binding's `uri`); -1 is no namespace.
    @exclusivity(unchecked) var uris: [String] = []
    @exclusivity(unchecked) var uriIndex: [String: Int32] = [:]
    let xmlURI: Int32
    @exclusivity(unchecked) var elementNames = NameTable()
    @exclusivity(unchecked) var attributeNames = NameTable()
    /// The attribute names without a prefix of at most 16 bytes met so far, by their bytes
    /// (``quickName(at:)``).
    @exclusivity(unchecked) var shortAttributeNames = ShortNameTable()
    /// The element names without a prefix of at most 16 bytes met so far, by their bytes, with
    /// the namespace they had (``quickElementName(at:)``).
    @exclusivity(unchecked) var shortElementNames = ShortNameTable()
    /// The bytes from white space to quote of the attribute that followed each name last
    /// (``quickAttributes(from:after:namespacedCount:)``).
    @exclusivity(unchecked) var prefixes = AttributePrefixes()
    /// The attributes of the start tag being read (namespace declarations apart).
    @exclusivity(unchecked) var pending: [PendingAttribute] = []
    /// Where attribute values and text bytes are written: each holds room for the whole input,
    /// which no decoded value or text can outgrow (references and line ends only shrink).
    @exclusivity(unchecked) var arena: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) var arenaCount = 0
    /// No value byte is written at or past `arena + arenaLimit`: while a second reader writes
    /// its values into this reader's arena from there (``FastXMLReader+Split``).
    @exclusivity(unchecked) var arenaLimit = FastXMLReader.noArenaLimit
    @exclusivity(unchecked) var textOut: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) var textCount = 0
    /// Per attribute name id: the element that last used it (duplicate detection) and whether
    /// the name has a namespace.
    @exclusivity(unchecked) var lastUse = RawColumn<Int32>(capacity: 64)
    @exclusivity(unchecked) var namespaced = RawColumn<Bool>(capacity: 64)
    @exclusivity(unchecked) var elementCount: Int32 = 0
    /// The attribute slots' name ids and value ends (the builder's columns, filled in place).
    @exclusivity(unchecked) var nameIDs: RawColumn<Int32>
    @exclusivity(unchecked) var valueEnds: RawColumn<UInt32>
    /// Location counting: the offset reached, and its line and column.
    @exclusivity(unchecked) var lines = LineCounter()
    /// Reading in two halves (``FastXMLReader+Split``): this reader's part of it.
    @exclusivity(unchecked) var split = SplitState()

    struct Open {
        var index: Int32
        var nameStart: Int32
        var nameCount: Int32
        var isText: Bool
        /// The number of bindings in scope before this element's own.
        var bindings: Int32
    }

    struct Binding {
        /// The prefix's bytes in the input (count 0: the default namespace).
        var prefixStart: Int32
        var prefixCount: Int32
        var uri: Int32
    }

    struct Name {
        /// The name's bytes, the colon's offset (or -1) and the name's hash.
        var start: Int
        var end: Int
        var colon: Int
        var hash: UInt32
    }

    struct PendingAttribute {
        var name: Name
        var valueStart: Int
        var valueEnd: Int
        /// The value is ASCII with no reference, `<` or control byte (copied as it is).
        var plain: Bool
        /// The attribute is a namespace declaration (`xmlns`, `xmlns:p`).
        var declaresNamespace: Bool
    }

    /// With `nameIDs` and `valueEnds` (buffers of ``slotCapacity(count:)``), the slot columns
    /// are written there until they outgrow them (``RawColumn/init(filling:)``).
    init(
        base: UnsafePointer<UInt8>, count: Int, arena: UnsafeMutablePointer<UInt8>, text: UnsafeMutablePointer<UInt8>,
        nameIDs: UnsafeMutableBufferPointer<Int32>? = nil, valueEnds: UnsafeMutableBufferPointer<UInt32>? = nil
    ) {
        self.base = base
        self.n = count
        self.arena = arena
        self.textOut = text
        builder.reserve(elements: min(count / 96, 1 << 24) + 16, attributes: 0, arena: 0)
        let slots = Self.slotCapacity(count: count)
        self.nameIDs = nameIDs.map { RawColumn(filling: $0) } ?? RawColumn(capacity: slots)
        self.valueEnds = valueEnds.map { RawColumn(filling: $0) } ?? RawColumn(capacity: slots)
        uris = [XMLNamespace.xml]
        uriIndex = [XMLNamespace.xml: 0]
        xmlURI = 0
    }

    /// The tables of `bytes`, or nil when the document needs libxml2. With `threads` > 1 a large
    /// document is read in two halves at once (``FastXMLReader+Split``; the tables are the same);
    /// `splitAt` (tests) splits any document there.
    static func read(_ bytes: [UInt8], threads: Int = 1, splitAt: Int? = nil) -> ElementTreeBuilder? {
        readReportingJoin(bytes, threads: threads, splitAt: splitAt).tables
    }

    /// ``read(_:threads:splitAt:)``, and whether the document was read in two halves;
    /// `secondValuesAt` (tests) places the second half's values in the arena there instead of
    /// at ``secondHalfValues(_:count:split:)``.
    static func readReportingJoin(
        _ bytes: [UInt8], threads: Int = 1, splitAt: Int? = nil, secondValuesAt: Int? = nil
    ) -> (tables: ElementTreeBuilder?, joined: Bool) {
        bytes.withUnsafeBufferPointer { buf -> (tables: ElementTreeBuilder?, joined: Bool) in
            guard let base = buf.baseAddress, buf.count > 0 else { return (nil, false) }
            let splitOffset = splitAt.flatMap { $0 > 0 && $0 < buf.count ? $0 : nil }
                ?? (threads > 1 && buf.count >= splitMinimumBytes ? splitPoint(base, count: buf.count) : nil)
            // The arenas are written in place: reserved pages cost nothing until written.
            var reader: FastXMLReader?
            let room = buf.count + 64
            // So are the slot columns: arrays' storage, handed over without a copy (unless a
            // column outgrew it: then its own buffer is copied).
            var columns: (nameIDs: [Int32], valueEnds: [UInt32]) = ([], [])
            let arena = [UInt8](unsafeUninitializedCapacity: arenaRoom(count: buf.count)) { arenaBuffer, arenaCount in
                let text = [UInt8](unsafeUninitializedCapacity: room) { textBuffer, textCount in
                    columns = slotArrays(capacity: slotCapacity(count: buf.count)) { ids, ends in
                        let r = FastXMLReader(
                            base: base, count: buf.count, arena: arenaBuffer.baseAddress!,
                            text: textBuffer.baseAddress!, nameIDs: ids, valueEnds: ends)
                        if let splitOffset { r.startSecondHalf(at: splitOffset, valuesAt: secondValuesAt) }
                        do {
                            try r.document()
                            textCount = r.textCount
                            reader = r
                        } catch {
                            textCount = 0
                        }
                        // The second reader reads `bytes` and backs these tables: done before they go.
                        // Its buffers are let go beside the build (``ElementTreeBuilder/setAside``).
                        r.builder.setAside = r.finishSecondHalf()
                        return r
                    }
                }
                arenaCount = reader?.arenaCount ?? 0
                reader?.builder.textArena = text
            }
            guard let done = reader else { return (nil, false) }
            done.builder.arena = arena
            done.builder.attributeNameIDs = done.nameIDs.fillsGivenBuffer ? columns.nameIDs : done.nameIDs.array()
            done.builder.valueEnds = done.valueEnds.fillsGivenBuffer ? columns.valueEnds : done.valueEnds.array()
            return (done.builder, done.split.joined)
        }
    }

    /// Room for the attribute slots of a document of `count` bytes (a column may still outgrow it).
    static func slotCapacity(count: Int) -> Int { min(count / 16, 1 << 26) + 16 }

    /// Runs `read` with two arrays' uninitialized storage for its reader's slot columns, and
    /// returns the arrays holding what the reader left there (``RawColumn/countInGivenBuffer``).
    static func slotArrays(
        capacity: Int, _ read: (UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<UInt32>) -> FastXMLReader
    ) -> (nameIDs: [Int32], valueEnds: [UInt32]) {
        var valueEnds: [UInt32] = []
        let nameIDs = [Int32](unsafeUninitializedCapacity: capacity) { idBuffer, idCount in
            valueEnds = [UInt32](unsafeUninitializedCapacity: capacity) { endBuffer, endCount in
                let r = read(idBuffer, endBuffer)
                idCount = r.nameIDs.countInGivenBuffer
                endCount = r.valueEnds.countInGivenBuffer
            }
        }
        return (nameIDs, valueEnds)
    }

    deinit {
        nameIDs.deallocate()
        valueEnds.deallocate()
        elementNames.deallocate()
        attributeNames.deallocate()
        shortAttributeNames.deallocate()
        shortElementNames.deallocate()
        prefixes.deallocate()
        lastUse.deallocate()
        namespaced.deallocate()
    }

    // MARK: - Document structure

    func document() throws(Decline) {
        var i = try content(prolog())
        if split.stoppedAt >= 0 { i = try joinSecondHalf(at: i) }
        try epilogue(from: i)
    }

    /// The XML declaration, DOCTYPE, comments and processing instructions before the document
    /// element; returns the offset of its `<`.
    func prolog() throws(Decline) -> Int {
        var i = 0
        if n >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { i = 3 }
        if startsWith("<?xml", at: i), i + 5 < n, Self.isSpace(base[i + 5]) {
            i = try xmlDeclaration(i + 5)
        }
        var sawDoctype = false
        while true {
            i = skipSpace(i)
            guard i + 1 < n, base[i] == 0x3C else { throw Decline() }
            let c = base[i + 1]
            if c == 0x21 {
                if startsWith("<!--", at: i) {
                    i = try comment(i)
                } else if !sawDoctype, startsWith("<!DOCTYPE", at: i) {
                    i = try doctype(i + 9)
                    sawDoctype = true
                } else {
                    throw Decline()
                }
            } else if c == 0x3F {
                i = try processingInstruction(i)
            } else {
                return i
            }
        }
    }

    /// White space, comments and processing instructions after the document element, to the end.
    func epilogue(from start: Int) throws(Decline) {
        var i = start
        while true {
            i = skipSpace(i)
            if i >= n { return }
            guard i + 1 < n, base[i] == 0x3C else { throw Decline() }
            if startsWith("<!--", at: i) {
                i = try comment(i)
            } else if base[i + 1] == 0x3F {
                i = try processingInstruction(i)
            } else {
                throw Decline()
            }
        }
    }

    /// The document element and everything in it, from its `<`; returns the offset after it.
    func content(_ start: Int) throws(Decline) -> Int {
        let i = try startTag(start)
        split.rootBindings = bindings.count
        return try contentLoop(from: i)
    }

    /// The document element's content from `start` to its end tag; returns the offset after it
    /// (or, reading the first half of a split document, the split offset when reached).
    func contentLoop(from start: Int) throws(Decline) -> Int {
        var i = start
        while !stack.isEmpty {
            guard i < n, let hit = memchr(base + i, 0x3C, n - i) else { throw Decline() }
            let lt = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
            if lt > i, !isDroppedSpace(i, lt) { try text(i, lt) }
            if lt >= split.stopAt, stopsForSecondHalf(at: lt) { return lt }
            i = try markup(at: lt)
        }
        return i
    }

    /// Whether the character data from `start` to the `<` at `lt` is white space that would be
    /// copied and then dropped: no text run pending, not inside `text`, and the markup at `lt`
    /// a start or end tag (whose `flushText()` drops a white-space run). A comment, PI or CDATA
    /// section would keep the run pending, so those go through ``text(_:_:)``.
    @inline(__always) func isDroppedSpace(_ start: Int, _ lt: Int) -> Bool {
        guard pendingStart < 0, textDepth == 0, lt + 1 < n else { return false }
        let next = base[lt + 1]
        guard next != 0x21, next != 0x3F else { return false }
        return skipSpace(start) == lt
    }

    /// The markup at `lt` inside the document element (an end or start tag, a comment, CDATA
    /// section or processing instruction); returns the offset after it.
    @inline(__always) func markup(at lt: Int) throws(Decline) -> Int {
        guard lt + 1 < n else { throw Decline() }
        switch base[lt + 1] {
        case 0x2F: return try endTag(lt)
        case 0x21:
            if startsWith("<!--", at: lt) { return try comment(lt) }
            if startsWith("<![CDATA[", at: lt) { return try cdata(lt) }
            throw Decline()
        case 0x3F: return try processingInstruction(lt)
        default: return try startTag(lt)
        }
    }
}
