import CLibXML2
import LaminaCore

/// The per-parse state the SAX callbacks fill in (reached through the user-data pointer).
final class ReaderState {
    let file: String
    let bytes: [UInt8]
    /// The outer parser context while parsing; nil before and after.
    var ctxt: xmlParserCtxtPtr?
    var tree: ElementTree
    var diagnostics: [Diagnostic] = []
    /// The first fatal problem; parsing stops when it is set.
    var failure: SVGImportError?

    /// Open elements (index, whether it is an SVG `text` element).
    private var stack: [(index: Int, isText: Bool)] = []
    private var textDepth = 0
    private var pendingText: [UInt8] = []
    /// Strings for libxml2's dictionary-interned names, keyed by their stable address.
    private var names: [UnsafeRawPointer: String] = [:]
    /// Attribute local names with their cascade meaning, keyed like `names`.
    private var attributeNames: [UnsafeRawPointer: (String, AttributeKind)] = [:]
    /// Element local names with their kinds, keyed like `names`.
    private var elementNames: [UnsafeRawPointer: (String, ElementKind)] = [:]
    /// The last element namespace looked up (nearly always the SVG one).
    private var lastNamespace: (key: UnsafeRawPointer?, value: String?) = (nil, nil)
    /// How much the document may deliver (elements, text bytes) before it counts as an
    /// entity-expansion attack: linear in the input.
    private var elementBudget: Int
    private var textBudget: Int
    /// Location scanning: the byte offset reached, and its line and column.
    private var scanOffset = 0
    private var scanLine: Int32 = 1
    private var scanColumn: Int32 = 1
    private var lastTagStart = -1
    private var warningCount = 0

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        self.tree = ElementTree(file: file)
        // Room for about one element per 96 input bytes: growth copies become rare, and
        // untouched reserved pages cost no memory.
        tree.elements.reserveCapacity(min(bytes.count / 96, 1 << 24) + 16)
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
        let (line, column) = elementStart()
        let (name, kind) = elementName(localname)
        let namespace = namespaceURI(uri)
        var attrs: [XMLAttribute] = []
        if let attributes, count > 0 {
            attrs.reserveCapacity(count)
            for i in 0..<count {
                let p = attributes + 5 * i
                guard let (local, kind) = attributeName(p[0]) else { continue }
                let prefix = interned(p[1])
                let ns = interned(p[2])
                var value = ""
                if let start = p[3], let end = p[4], end > start {
                    let raw = UnsafeBufferPointer(start: start, count: end - start)
                    value = String(decoding: raw, as: UTF8.self)
                    if raw.contains(0x26) { value = expandReferences(value) }
                }
                attrs.append(
                    XMLAttribute(
                        name: local, namespace: ns, qualifiedName: prefix.map { "\($0):\(local)" } ?? local, value: value,
                        kind: kind))
            }
        }
        let parent = stack.last?.index
        let index = tree.elements.count
        tree.elements.append(
            Element(name: name, namespace: namespace, attributes: attrs, parent: parent, line: line, column: column, kind: kind))
        if let parent { tree.elements[parent].content.append(.element(index)) }
        let isText = name == "text" && namespace == XMLNamespace.svg
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
        pendingText.append(contentsOf: UnsafeBufferPointer(start: ch, count: length))
    }

    /// Keeps a text run when it is inside `text` or holds more than whitespace.
    private func flushText() {
        guard !pendingText.isEmpty else { return }
        defer { pendingText.removeAll(keepingCapacity: true) }
        guard let top = stack.last?.index else { return }
        let blank = pendingText.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if blank && textDepth == 0 { return }
        tree.elements[top].content.append(.text(String(decoding: pendingText, as: UTF8.self)))
    }

    /// An attribute's local name and its meaning to the cascade, classified once per name.
    private func attributeName(_ p: UnsafePointer<xmlChar>?) -> (String, AttributeKind)? {
        guard let p else { return nil }
        let key = UnsafeRawPointer(p)
        if let hit = attributeNames[key] { return hit }
        let s = interned(p) ?? ""
        let entry = (s, AttributeKind(localName: s))
        attributeNames[key] = entry
        return entry
    }

    /// An element's local name and kind, classified once per interned name.
    private func elementName(_ p: UnsafePointer<xmlChar>?) -> (String, ElementKind) {
        guard let p else { return ("", ElementKind(name: "")) }
        let key = UnsafeRawPointer(p)
        if let hit = elementNames[key] { return hit }
        let name = interned(p) ?? ""
        let entry = (name, ElementKind(name: name))
        elementNames[key] = entry
        return entry
    }

    /// An element's namespace URI, with a one-entry cache in front of `interned`.
    private func namespaceURI(_ p: UnsafePointer<xmlChar>?) -> String? {
        guard let p else { return nil }
        let key = UnsafeRawPointer(p)
        if key == lastNamespace.key { return lastNamespace.value }
        let value = interned(p)
        lastNamespace = (key, value)
        return value
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
        let message = e.message.map { String(cString: $0) } ?? "unknown XML error"
        let trimmed = String(message.reversed().drop { $0 == "\n" || $0 == " " }.reversed())
        let location = SourceLocation(file: file, line: Int(max(e.line, 0)), column: Int(max(e.int2, 0)))
        if e.level.rawValue >= XML_ERR_FATAL.rawValue {
            if failure == nil { failure = Self.classify(code: e.code, message: trimmed, at: location, atEnd: atEndOfInput) }
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

    func stop(_ kind: SVGImportError.Kind, _ message: String) {
        if failure == nil { failure = SVGImportError(kind, message, at: currentLocation()) }
        if let c = ctxt { xmlStopParser(c) }
    }

    func warn(_ message: String, at location: SourceLocation) {
        warningCount += 1
        if warningCount <= 100 { diagnostics.append(.warning(message, at: location)) }
    }
}

extension ReaderState {
    /// The line and column of the `<` that opened the element being reported.
    ///
    /// libxml2 calls back after the start tag's attributes, so the tag start is found by
    /// scanning back from the parser's byte offset to the `<` (attribute values cannot hold
    /// one); lines and columns are counted forward incrementally, so the whole document is
    /// scanned once.
    fileprivate func elementStart() -> (Int32, Int32) {
        guard let c = ctxt else { return (scanLine, scanColumn) }
        let consumed = min(Int(xmlByteConsumed(c)), bytes.count)
        guard consumed > lastTagStart + 1 else { return (scanLine, scanColumn) }
        let floor = lastTagStart
        var i = bytes.withUnsafeBufferPointer { b -> Int in
            var j = consumed - 1
            while j > floor, b[j] != 0x3C { j -= 1 }
            return j
        }
        if i <= lastTagStart { i = consumed - 1 }
        lastTagStart = i
        advance(to: i)
        return (scanLine, scanColumn)
    }

    fileprivate func currentLocation() -> SourceLocation {
        if let c = ctxt {
            let consumed = min(Int(xmlByteConsumed(c)), bytes.count)
            if consumed > scanOffset { advance(to: consumed) }
        }
        return SourceLocation(file: file, line: Int(scanLine), column: Int(scanColumn))
    }

    private func advance(to target: Int) {
        guard target > scanOffset else { return }
        var line = scanLine, column = scanColumn
        let start = scanOffset
        bytes.withUnsafeBufferPointer { buf in
            var i = start
            while i < target {
                let b = buf[i]
                if b == 0x0A {
                    line &+= 1
                    column = 1
                } else if b & 0xC0 != 0x80 {
                    column &+= 1
                }
                i += 1
            }
        }
        scanOffset = target
        scanLine = line
        scanColumn = column
    }
}
