import CLibXML2
import LaminaCore

/// Checks a well-formed XML document for active or external content with libxml2's SAX2
/// interface: the check behind the layer-JSON verbatim guard (Docs/Security.md).
///
/// Namespaces are processed, nothing outside the document is loaded, and any libxml2 error or
/// warning makes the document "not well-formed XML". Element names are compared by local name,
/// case-insensitively; attributes are checked in name order; text (character data and CDATA,
/// each contiguous run whole) must hold no external `url(…)`, `@import` or `javascript:`.
package enum FragmentCheck {
    /// Elements that are never kept (local names, lower case).
    static let forbidden: Set<String> = ["script", "foreignobject", "handler", "iframe", "object", "embed", "listener"]

    /// The first reason `document` is unsafe, or nil when it is safe.
    package static func problem(in document: String) -> String? {
        check(document).problem
    }

    /// The first reason `document` is unsafe (nil when it is safe), and the `id` of every
    /// element inside the document element that has one, in document order.
    package static func check(_ document: String) -> (problem: String?, ids: [String]) {
        _ = libxml2Initialized
        var bytes = Array(document.utf8)
        guard bytes.count < Int(Int32.max) else { return ("not well-formed XML", []) }
        let state = State()
        let box = Unmanaged.passRetained(state)
        defer { box.release() }
        var handler = xmlSAXHandler()
        install(into: &handler)
        let created: Bool = bytes.withUnsafeMutableBufferPointer { buf -> Bool in
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
            _ = xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_NONET.rawValue))
            ctxt.pointee.userData = box.toOpaque()
            _ = xmlParseDocument(ctxt)
            state.flushText()
            if ctxt.pointee.wellFormed == 0 || ctxt.pointee.nsWellFormed == 0 { state.note("not well-formed XML") }
            return true
        }
        if !created { return ("not well-formed XML", []) }
        return (state.problem, state.ids)
    }

    /// The per-parse state the SAX callbacks reach through libxml2's user-data pointer.
    final class State {
        /// The first problem found.
        var problem: String?
        /// The current run of character data.
        var text: [UInt8] = []
        /// How many elements are open (the document element is 1).
        var depth = 0
        /// The ids of the elements inside the document element.
        var ids: [String] = []

        static func from(_ ctx: UnsafeMutableRawPointer?) -> State? {
            ctx.map { Unmanaged<State>.fromOpaque($0).takeUnretainedValue() }
        }

        /// Records `what` unless a problem was found before.
        func note(_ what: String) {
            if problem == nil { problem = what }
        }

        /// Checks the text run that just ended.
        func flushText() {
            guard !text.isEmpty else { return }
            defer { text.removeAll(keepingCapacity: true) }
            guard problem == nil,
                FragmentCheck.contains(text, "url(") || FragmentCheck.contains(text, "@import")
                    || FragmentCheck.contains(text, "javascript:")
            else { return }
            if !MarkupSafety.isSafeValue(String(decoding: text, as: UTF8.self)) { problem = "external reference in text" }
        }

        func startElement(_ localname: String, _ attributes: [(name: String, value: String)]) {
            flushText()
            depth += 1
            if depth > 1, let id = attributes.first(where: { $0.name == "id" }) { ids.append(id.value) }
            guard problem == nil else { return }
            if FragmentCheck.forbidden.contains(localname.lowercased()) {
                problem = "'\(localname)' element"
                return
            }
            // The problem of the first attribute in name order (without sorting the safe ones).
            var first: (name: String, problem: String)?
            for (name, value) in attributes {
                if let f = first, f.name <= name { continue }
                if let p = attributeProblem(name, value) { first = (name, p) }
            }
            if let first { problem = first.problem }
        }

        /// Why one attribute is unsafe, or nil.
        func attributeProblem(_ name: String, _ value: String) -> String? {
            if MarkupSafety.isSafeAttributeFast(name, value) { return nil }
            return MarkupSafety.attributeProblem(name, value) == "external reference"
                ? "external reference in '\(name)'" : "unsafe attribute '\(name)'"
        }
    }

    /// Whether `bytes` hold `needle` (ASCII, case-sensitive).
    package static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { contains($0, needle) }
    }

    /// Whether the UTF-8 of `text` holds `needle` (ASCII, case-sensitive): a byte search, where
    /// `String.contains` compares characters (over a second on a 12 MB embedded image).
    package static func contains(_ text: String, _ needle: StaticString) -> Bool {
        var text = text
        return text.withUTF8 { contains($0, needle) }
    }

    /// Whether `hay` holds `needle`.
    private static func contains(_ hay: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        ByteSearch.contains(hay, needle)
    }

    /// The SAX callbacks: elements, text, processing instructions and errors.
    private static func install(into h: inout xmlSAXHandler) {
        h.initialized = UInt32(XML_SAX2_MAGIC)
        h.resolveEntity = { _, _, _ in nil }
        h.startElementNs = { ctx, localname, _, _, _, _, nbAttributes, _, attributes in
            guard let s = State.from(ctx), let localname else { return }
            var list: [(name: String, value: String)] = []
            if let attributes {
                for i in 0..<max(0, Int(nbAttributes)) {
                    guard let local = attributes[5 * i] else { continue }
                    var name = String(cString: local)
                    if let p = attributes[5 * i + 1], p.pointee != 0 { name = String(cString: p) + ":" + name }
                    guard let start = attributes[5 * i + 3], let end = attributes[5 * i + 4] else { continue }
                    let value = String(decoding: UnsafeBufferPointer(start: start, count: max(0, end - start)), as: UTF8.self)
                    list.append((name, value))
                }
            }
            s.startElement(String(cString: localname), list)
        }
        h.endElementNs = { ctx, _, _, _ in
            guard let s = State.from(ctx) else { return }
            s.flushText()
            s.depth -= 1
        }
        h.characters = { ctx, ch, len in
            guard let s = State.from(ctx), let ch, len > 0 else { return }
            s.text.append(contentsOf: UnsafeBufferPointer(start: ch, count: Int(len)))
        }
        h.cdataBlock = h.characters
        h.processingInstruction = { ctx, _, _ in
            guard let s = State.from(ctx) else { return }
            s.flushText()
            s.note("processing instruction")
        }
        h.serror = { ctx, _ in
            guard let s = State.from(ctx) else { return }
            s.flushText()
            s.note("not well-formed XML")
        }
    }
}

/// libxml2's one-time initialisation, run lazily and thread-safely by Swift's global `let`.
private let libxml2Initialized: Void = { xmlInitParser() }()
