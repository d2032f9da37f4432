import CLibXML2
import LaminaCore

/// Reads XML bytes into an ``ElementTree`` with libxml2's SAX2 interface.
///
/// The only code in Lamina that sees C pointers. Each call owns its parser context; the SAX
/// callbacks reach the per-parse state through the user-data pointer (an unmanaged box that
/// is released when the parse ends), so nothing is global but libxml2's one-time init.
/// Entities: internal entities expand (as resvg does); external entities are never declared to
/// libxml2, so nothing outside the document is read; expansion is bounded by a budget.
///
/// Limits: libxml2's default depth limit (256 open ancestors) always holds. Its size limits
/// (10 MB for one attribute value, CDATA section or comment) hold too, except that a document
/// declaring no entities that meets one (an embedded multi-megabyte image, usually) is parsed
/// again with `XML_PARSE_HUGE`, the depth limit then enforced by the reader. With no entities
/// there is nothing to amplify, which is what the size limits also guard against.
package enum XMLReader {
    /// libxml2 parse options: no network, no diagnostics printed, no entity substitution flag,
    /// no DTD loading, attribute defaulting or validation, and no `XML_PARSE_HUGE` (libxml2's
    /// depth and size limits stay in force).
    static let parseOptions: Int32 = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    /// ``parseOptions`` with libxml2's size limits lifted, for an entity-free document that met
    /// one (the reader keeps the depth limit).
    static let hugeParseOptions: Int32 = parseOptions | Int32(XML_PARSE_HUGE.rawValue)

    /// The largest input accepted (libxml2 takes an `int` length).
    static let maximumInputSize = 1 << 30

    /// Parses `bytes` into located elements; warnings are returned, fatal problems thrown.
    ///
    /// Most documents are read by ``FastXMLReader`` in one pass (a large one in two halves at
    /// once when `threads` > 1); the rest (and every document with an error, `fastPath` false)
    /// by libxml2. All give the same tables.
    package static func read(
        _ bytes: [UInt8], file: String, fastPath: Bool = true, threads: Int = 1
    ) throws(SVGImportError) -> (tree: ElementTree, diagnostics: [Diagnostic]) {
        _ = libxml2Ready
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard bytes.count <= maximumInputSize else {
            throw SVGImportError(.tooLarge, "input is larger than \(maximumInputSize) bytes", at: start)
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw SVGImportError(.emptyDocument, "empty document", at: start)
        }
        if fastPath, var builder = FastXMLReader.read(bytes, threads: threads) {
            return (try checkedRoot(builder.finish(file: file, threads: threads)), [])
        }
        // Multi-line attribute values: parse a copy with them blanked (libxml2's fast path);
        // the original only when that parse cannot be trusted.
        var state: ReaderState?
        if let blanked = AttributeWhitespace.prepare(bytes) {
            let attempt = ReaderState(file: file, bytes: bytes)
            attempt.blankedRanges = blanked.ranges
            attempt.readsBlanked = true
            if parse(blanked.blanked, into: attempt), !attempt.retryOriginal { state = attempt }
        }
        var parsed = true
        if state == nil {
            let original = ReaderState(file: file, bytes: bytes)
            parsed = parse(bytes, into: original)
            state = original
        }
        if parsed, let first = state, first.failure != nil, first.hitSizeLimit, !first.declaredEntities {
            let lifted = ReaderState(file: file, bytes: bytes)
            lifted.enforcesDepth = true
            parsed = parse(bytes, into: lifted, options: hugeParseOptions)
            state = lifted
        }
        guard let state, parsed else {
            throw SVGImportError(.malformedXML, "cannot create an XML parser for the input", at: start)
        }
        if let failure = state.failure { throw failure }
        guard state.builder.count > 0 else {
            throw SVGImportError(.emptyDocument, "document has no elements", at: start)
        }
        return (try checkedRoot(state.builder.finish(file: file, threads: threads)), state.diagnostics)
    }

    /// `tree`, when its document element is SVG's `svg`.
    private static func checkedRoot(_ tree: ElementTree) throws(SVGImportError) -> ElementTree {
        let root = tree[0]
        guard root.name == "svg", root.isSVG else {
            let what = root.namespace.map { "'\(root.name)' in namespace '\($0)'" } ?? "'\(root.name)' with no namespace"
            throw SVGImportError(
                .notSVG, "root element is \(what), expected 'svg' in \(XMLNamespace.svg)", at: tree.location(of: 0))
        }
        return tree
    }

    /// Runs libxml2 over `input` with `state`'s callbacks and `options`; false when no parser
    /// could be made.
    /// A parse of the blanked copy that is not well-formed is marked for a retry on the original.
    private static func parse(_ input: [UInt8], into state: ReaderState, options: Int32 = parseOptions) -> Bool {
        let box = Unmanaged.passRetained(state)
        defer { box.release() }
        var handler = xmlSAXHandler()
        XMLReader.install(into: &handler)
        return input.withUnsafeBufferPointer { buf -> Bool in
            guard let base = buf.baseAddress else { return false }
            let raw = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            guard let ctxt = xmlCreateMemoryParserCtxt(raw, Int32(buf.count)) else { return false }
            defer {
                if let doc = ctxt.pointee.myDoc {
                    xmlFreeDoc(doc)
                    ctxt.pointee.myDoc = nil
                }
                xmlFreeParserCtxt(ctxt)
            }
            if let sax = ctxt.pointee.sax { sax.pointee = handler }
            _ = xmlCtxtUseOptions(ctxt, options)
            ctxt.pointee.userData = box.toOpaque()
            state.ctxt = ctxt
            _ = xmlParseDocument(ctxt)
            if ctxt.pointee.wellFormed == 0, state.readsBlanked {
                state.retryOriginal = true
            } else if ctxt.pointee.wellFormed == 0, state.failure == nil {
                state.recordLastError(of: ctxt)
            }
            state.ctxt = nil
            return true
        }
    }

    /// The SAX callbacks: element and text events build the tree; the internal subset and
    /// entity hooks forward to libxml2's SAX2 defaults (internal entities only).
    private static func install(into h: inout xmlSAXHandler) {
        h.initialized = UInt32(XML_SAX2_MAGIC)
        h.startDocument = { ctx in
            guard let s = ReaderState.from(ctx), let c = s.ctxt else { return }
            xmlSAX2StartDocument(c)
        }
        h.internalSubset = { ctx, name, externalID, systemID in
            guard let s = ReaderState.from(ctx), let c = s.ctxt else { return }
            xmlSAX2InternalSubset(c, name, externalID, systemID)
        }
        h.entityDecl = { ctx, name, type, publicID, systemID, content in
            guard let s = ReaderState.from(ctx), let c = s.ctxt else { return }
            s.declareEntity(ctxt: c, name: name, type: type, publicID: publicID, systemID: systemID, content: content)
        }
        h.getEntity = { ctx, name in
            guard let s = ReaderState.from(ctx), let c = s.ctxt else { return nil }
            return xmlSAX2GetEntity(c, name)
        }
        h.getParameterEntity = { ctx, name in
            guard let s = ReaderState.from(ctx), let c = s.ctxt else { return nil }
            return xmlSAX2GetParameterEntity(c, name)
        }
        h.resolveEntity = { _, _, _ in nil }
        h.startElementNs = { ctx, localname, _, uri, _, _, nbAttributes, _, attributes in
            guard let ctx else { return }
            Unmanaged<ReaderState>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.startElement(localname, uri, Int(nbAttributes), attributes)
            }
        }
        h.endElementNs = { ctx, _, _, _ in
            guard let ctx else { return }
            Unmanaged<ReaderState>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.endElement() }
        }
        h.characters = { ctx, ch, len in
            guard let ctx else { return }
            Unmanaged<ReaderState>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.characters(ch, Int(len)) }
        }
        h.cdataBlock = { ctx, ch, len in
            guard let ctx else { return }
            Unmanaged<ReaderState>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.characters(ch, Int(len)) }
        }
        h.processingInstruction = { ctx, target, _ in
            guard let s = ReaderState.from(ctx), let target, String(cString: target) == "xml-stylesheet" else { return }
            s.warn("'xml-stylesheet' ignored: style sheets outside the document are never loaded", at: s.currentLocation())
        }
        h.serror = { ctx, error in
            guard let s = ReaderState.from(ctx), let e = error else { return }
            s.libxmlError(e.pointee)
        }
    }
}

/// libxml2's one-time initialisation, run lazily and thread-safely by Swift's global `let`.
private let libxml2Ready: Void = { xmlInitParser() }()
