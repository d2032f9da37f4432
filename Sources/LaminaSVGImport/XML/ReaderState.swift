import CLibXML2
import LaminaCore

/// The per-parse state the SAX callbacks fill in (reached through the user-data pointer).
final class ReaderState {
    let file: String
    let bytes: [UInt8]
    /// The outer parser context while parsing; nil before and after.
    @exclusivity(unchecked) var ctxt: xmlParserCtxtPtr?
    /// The tables being filled.
    ///
    /// The hot per-event fields skip Swift's dynamic exclusivity checks: only the SAX callbacks
    /// of one parse touch them, one at a time.
    @exclusivity(unchecked) var builder = ElementTreeBuilder()
    var diagnostics: [Diagnostic] = []
    /// The first fatal problem; parsing stops when it is set.
    @exclusivity(unchecked) var failure: SVGImportError?

    /// Open elements (index, whether it is an SVG `text` element).
    @exclusivity(unchecked) private var stack: [(index: Int, isText: Bool)] = []
    @exclusivity(unchecked) private var textDepth = 0
    /// Where the pending text run starts in the builder's text arena (the bytes after it), or -1.
    @exclusivity(unchecked) private var pendingStart = -1
    /// Strings for libxml2's dictionary-interned names, keyed by their stable address.
    private var names: [UnsafeRawPointer: String] = [:]
    /// Name ids of plain attributes (no prefix, no namespace), keyed like `names`.
    private var plainAttributeNames: [UnsafeRawPointer: Int32] = [:]
    /// A direct-mapped cache in front of `plainAttributeNames` (address, id).
    @exclusivity(unchecked) private var attributeCache = [(key: UnsafeRawPointer?, id: Int32)](repeating: (nil, 0), count: 256)
    /// Name ids of prefixed or namespaced attributes, keyed by (local, prefix, URI) addresses.
    private var qualifiedAttributeNames: [QualifiedKey: Int32] = [:]
    /// Element name ids (with whether the name is SVG `text`), keyed by (local, URI) addresses.
    private var elementNames: [QualifiedKey: (id: Int32, isText: Bool)] = [:]
    /// A direct-mapped cache in front of `elementNames`.
    @exclusivity(unchecked) private var elementCache = [(key: QualifiedKey, id: Int32, isText: Bool)?](repeating: nil, count: 256)
    /// How much the document may deliver (elements, text bytes) before it counts as an
    /// entity-expansion attack: linear in the input.
    @exclusivity(unchecked) private var elementBudget: Int
    @exclusivity(unchecked) private var textBudget: Int
    /// Location scanning: the byte offset reached, and its line and column.
    @exclusivity(unchecked) var lines = LineCounter()
    @exclusivity(unchecked) var lastTagStart = -1
    private var warningCount = 0
    /// Where libxml2 reads the blanked copy (``AttributeWhitespace``): the blanked values, in
    /// input order, and how many of them have been met.
    @exclusivity(unchecked) var blankedRanges: [Range<Int>] = []
    @exclusivity(unchecked) var blankedMet = 0
    /// Whether libxml2 reads the blanked copy.
    var readsBlanked = false
    /// The blanked copy's parse went somewhere it cannot be trusted: parse the original instead.
    @exclusivity(unchecked) var retryOriginal = false
    /// libxml2 stopped at one of its size limits (a value, CDATA section or comment over 10 MB).
    var hitSizeLimit = false
    /// The internal subset declared an entity (then no parse lifts libxml2's limits).
    var declaredEntities = false
    /// libxml2 parses with `XML_PARSE_HUGE` (size limits lifted), so the reader enforces
    /// libxml2's default depth limit itself: at most ``maximumDepth`` open ancestors.
    @exclusivity(unchecked) var enforcesDepth = false
    /// libxml2's default nesting limit (`xmlParserMaxDepth`).
    static let maximumDepth = 256

    /// Dictionary addresses of a name's parts.
    private struct QualifiedKey: Hashable {
        var local: UnsafeRawPointer?
        var prefix: UnsafeRawPointer?
        var uri: UnsafeRawPointer?
    }

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        // Room for about one element per 96 input bytes and one attribute per 16: growth copies
        // become rare, and untouched reserved pages cost no memory.
        builder.reserve(
            elements: min(bytes.count / 96, 1 << 24) + 16, attributes: min(bytes.count / 16, 1 << 26) + 16,
            arena: min(bytes.count, 1 << 30) + 64)
        self.elementBudget = bytes.count / 2 + 100_000
        self.textBudget = bytes.count * 4 + 16_000_000
    }

    /// The state behind a SAX callback's context pointer.
    static func from(_ ctx: UnsafeMutableRawPointer?) -> ReaderState? {
        guard let ctx else { return nil }
        return Unmanaged<ReaderState>.fromOpaque(ctx).takeUnretainedValue()
    }

    func startElement(
        _ localname: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ count: Int,
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        guard failure == nil else { return }
        flushText()
        elementBudget -= 1
        if elementBudget < 0 {
            stop(.entityExpansion, "document expands to too many elements (entity expansion)")
            return
        }
        if enforcesDepth, stack.count > Self.maximumDepth {
            stop(.tooDeep, "elements nested too deeply: Excessive depth in document: \(Self.maximumDepth) use XML_PARSE_HUGE option")
            return
        }
        let (line, column) = elementStart()
        let (nameID, isText) = elementName(localname, uri)
        let index = builder.startElement(name: nameID, parent: stack.last?.index, line: line, column: column)
        let blanked = blankedMet < blankedRanges.count
        if let attributes, count > 0 {
            for i in 0..<count {
                let p = attributes + 5 * i
                guard let local = p[0] else { continue }
                let id = attributeName(local, p[1], p[2])
                if let start = p[3], let end = p[4], end > start {
                    let raw = UnsafeBufferPointer(start: start, count: end - start)
                    if raw.contains(0x26) {
                        builder.arena.append(contentsOf: expandReferences(String(decoding: raw, as: UTF8.self)).utf8)
                    } else if blanked, appendUnblanked(raw) {
                        // Written from the original bytes.
                    } else {
                        builder.arena.append(contentsOf: raw)
                    }
                }
                builder.endAttribute(name: id)
            }
            if builder.arena.count > ElementTreeBuilder.maximumArena {
                stop(.entityExpansion, "document expands to too much attribute text (entity expansion)")
                return
            }
        }
        if blanked, blankedMet < blankedRanges.count, let c = ctxt,
            blankedRanges[blankedMet].lowerBound < Int(xmlByteConsumed(c))
        {
            // A blanked value inside this tag did not come through as one (a namespace
            // declaration, or libxml2 copied it): its text would be wrong.
            abandonBlanked()
            return
        }
        if isText { textDepth += 1 }
        stack.append((index, isText))
    }

    func endElement() {
        guard failure == nil else { return }
        flushText()
        if let top = stack.popLast(), top.isText { textDepth -= 1 }
    }

    func characters(_ ch: UnsafePointer<xmlChar>?, _ length: Int) {
        guard failure == nil, !stack.isEmpty, let ch, length > 0 else { return }
        textBudget -= length
        if textBudget < 0 {
            stop(.entityExpansion, "document expands to too much text (entity expansion)")
            return
        }
        if pendingStart < 0 { pendingStart = builder.textArena.count }
        builder.textArena.append(contentsOf: UnsafeBufferPointer(start: ch, count: length))
    }

    /// Keeps the pending text run when it is inside `text` or holds more than whitespace.
    private func flushText() {
        guard pendingStart >= 0 else { return }
        let start = pendingStart
        pendingStart = -1
        if let top = stack.last?.index {
            if textDepth > 0 {
                builder.appendText(parent: top, start: start)
                return
            }
            let blank = builder.textArena.withUnsafeBufferPointer { buf in
                buf[start...].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            }
            if !blank {
                builder.appendText(parent: top, start: start)
                return
            }
        }
        builder.textArena.removeSubrange(start...)
    }

    /// An attribute's name id, interned once per (local, prefix, URI).
    private func attributeName(
        _ local: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?
    ) -> Int32 {
        let key = UnsafeRawPointer(local)
        if prefix == nil, uri == nil {
            let line = Self.cacheLine(key)
            if attributeCache[line].key == key { return attributeCache[line].id }
            let id: Int32
            if let hit = plainAttributeNames[key] {
                id = hit
            } else {
                let s = interned(local) ?? ""
                id = builder.attributeName(s, namespace: nil, qualifiedName: s)
                plainAttributeNames[key] = id
            }
            attributeCache[line] = (key, id)
            return id
        }
        let qkey = QualifiedKey(local: key, prefix: prefix.map { UnsafeRawPointer($0) }, uri: uri.map { UnsafeRawPointer($0) })
        if let hit = qualifiedAttributeNames[qkey] { return hit }
        let s = interned(local) ?? ""
        let ns = interned(uri)
        let id = builder.attributeName(s, namespace: ns, qualifiedName: interned(prefix).map { "\($0):\(s)" } ?? s)
        qualifiedAttributeNames[qkey] = id
        return id
    }

    /// A slot of the 256-entry direct-mapped caches for a dictionary address.
    @inline(__always) private static func cacheLine(_ p: UnsafeRawPointer?) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: p) &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }

    /// An element's name id and whether it is SVG `text`, interned once per (local, URI).
    private func elementName(_ local: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) -> (Int32, Bool) {
        let key = QualifiedKey(local: local.map { UnsafeRawPointer($0) }, prefix: nil, uri: uri.map { UnsafeRawPointer($0) })
        let line = Self.cacheLine(key.local)
        if let cached = elementCache[line], cached.key == key { return (cached.id, cached.isText) }
        let entry: (id: Int32, isText: Bool)
        if let hit = elementNames[key] {
            entry = hit
        } else {
            let id = builder.elementName(interned(local) ?? "", namespace: interned(uri))
            entry = (id, builder.isSVGText(id))
            elementNames[key] = entry
        }
        elementCache[line] = (key, entry.id, entry.isText)
        return entry
    }

    private func interned(_ p: UnsafePointer<xmlChar>?) -> String? {
        guard let p else { return nil }
        let key = UnsafeRawPointer(p)
        if let s = names[key] { return s }
        let s = String(cString: p)
        names[key] = s
        return s
    }

    /// Registers internal entities with libxml2; external ones are never declared, so no
    /// reference can make libxml2 read a file or URL.
    func declareEntity(
        ctxt c: xmlParserCtxtPtr, name: UnsafePointer<xmlChar>?, type: Int32, publicID: UnsafePointer<xmlChar>?,
        systemID: UnsafePointer<xmlChar>?, content: UnsafeMutablePointer<xmlChar>?
    ) {
        declaredEntities = true
        let internalGeneral = Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue)
        let internalParameter = Int32(XML_INTERNAL_PARAMETER_ENTITY.rawValue)
        guard type == internalGeneral || type == internalParameter else {
            let n = name.map { String(cString: $0) } ?? ""
            warn("external entity '\(n)' is not loaded", at: currentLocation())
            return
        }
        xmlSAX2EntityDecl(c, name, type, publicID, systemID, content)
    }

    /// Called by libxml2 for every problem it finds; fatal ones end the parse.
    func libxmlError(_ e: xmlError) {
        // Line numbers in libxml2's messages count the line breaks the blanked copy lacks.
        if readsBlanked {
            abandonBlanked()
            return
        }
        let message = e.message.map { String(cString: $0) } ?? "unknown XML error"
        // One line: libxml2 ends its messages with a line feed and puts some details on a
        // second line ("… indicate encoding !\nBytes: 0xE9 …").
        let trimmed = String(message.reversed().drop { $0 == "\n" || $0 == " " }.reversed())
            .split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " ")
        let location = SourceLocation(file: file, line: Int(max(e.line, 0)), column: Int(max(e.int2, 0)))
        if e.level.rawValue >= XML_ERR_FATAL.rawValue {
            if failure == nil {
                failure = Self.classify(code: e.code, message: trimmed, at: location, atEnd: atEndOfInput)
                hitSizeLimit = Self.isSizeLimit(trimmed)
            }
        } else {
            warn("XML: \(trimmed)", at: location)
        }
    }

    /// Records libxml2's last error when the parse failed without a callback.
    func recordLastError(of c: xmlParserCtxtPtr) {
        if let e = xmlCtxtGetLastError(c) {
            libxmlError(e.pointee)
        }
        if failure == nil {
            failure = SVGImportError(.malformedXML, "document is not well-formed XML", at: currentLocation())
        }
    }

    private var atEndOfInput: Bool {
        guard let c = ctxt, let input = c.pointee.input, let cur = input.pointee.cur, let end = input.pointee.end else { return false }
        return cur >= end
    }

    private static func classify(code: Int32, message: String, at location: SourceLocation, atEnd: Bool) -> SVGImportError {
        switch UInt32(bitPattern: code) {
        case XML_ERR_DOCUMENT_EMPTY.rawValue:
            return SVGImportError(.malformedXML, "not an XML document: \(message)", at: location)
        case XML_ERR_INVALID_CHAR.rawValue, XML_ERR_INVALID_ENCODING.rawValue, XML_ERR_UNKNOWN_ENCODING.rawValue,
            XML_ERR_UNSUPPORTED_ENCODING.rawValue:
            return SVGImportError(.invalidEncoding, "invalid character data: \(message)", at: location)
        case XML_ERR_ENTITY_LOOP.rawValue:
            return SVGImportError(.entityExpansion, "entity expansion refused: \(message)", at: location)
        case XML_ERR_TAG_NOT_FINISHED.rawValue:
            return SVGImportError(.truncated, "document is truncated: \(message)", at: location)
        default:
            if message.contains("Excessive depth") || message.contains("depth") {
                return SVGImportError(.tooDeep, "elements nested too deeply: \(message)", at: location)
            }
            if atEnd { return SVGImportError(.truncated, "document is truncated: \(message)", at: location) }
            return SVGImportError(.malformedXML, "malformed XML: \(message)", at: location)
        }
    }

    /// Whether libxml2's `message` reports one of the size limits `XML_PARSE_HUGE` lifts
    /// ("AttValue length too long", "CData section too big found", "Comment too big found").
    static func isSizeLimit(_ message: String) -> Bool {
        !message.contains("depth") && (message.contains("too long") || message.contains("too big"))
    }

    func stop(_ kind: SVGImportError.Kind, _ message: String) {
        if failure == nil { failure = SVGImportError(kind, message, at: currentLocation()) }
        if let c = ctxt { xmlStopParser(c) }
    }

    func warn(_ message: String, at location: SourceLocation) {
        warningCount += 1
        if warningCount <= 100 { diagnostics.append(.warning(message, at: location)) }
    }
}
