import LaminaCore

/// `content` and `svg` objects.
extension LayerEncoder {
    /// Writes `"content": {…}` at cursor `c` (entries at `level`): kind, geometry (zeros
    /// omitted), then paint in SPEC order. The content is read where it is stored, field by
    /// field (a copy would retain every reference). Returns the element such content usually
    /// comes from.
    mutating func writeContent(_ content: UnsafePointer<Content>, _ c: inout EntryCursor, level: Int) -> UsualElement {
        let usual: UsualElement
        c.entry(.content)
        c.literal("{")
        var k = EntryCursor(p: c.p, runs: runs.runs(level: level + 1), comma: false)
        switch content.pointee.shape {
        case .rect(let x, let y, let width, let height, let rx, let ry):
            kind("\"rect\"", &k)
            usual = .rect
            // Usually its bounds (kept by the head).
            k.nonZero(.x, x, as: kept.x)
            k.nonZero(.y, y, as: kept.y)
            k.nonZero(.width, width, as: kept.width)
            k.nonZero(.height, height, as: kept.height)
            k.nonZero(.rx, rx)
            k.nonZero(.ry, ry)
        case .circle(let cx, let cy, let r):
            kind("\"circle\"", &k)
            usual = .circle
            // Usually its position (kept by the head).
            k.nonZero(.cx, cx, as: kept.positionX)
            k.nonZero(.cy, cy, as: kept.positionY)
            k.nonZero(.r, r)
        case .ellipse(let cx, let cy, let rx, let ry):
            kind("\"ellipse\"", &k)
            usual = .ellipse
            k.nonZero(.cx, cx, as: kept.positionX)
            k.nonZero(.cy, cy, as: kept.positionY)
            k.nonZero(.rx, rx)
            k.nonZero(.ry, ry)
        case .line(let x1, let y1, let x2, let y2):
            kind("\"line\"", &k)
            usual = .line
            k.nonZero(.x1, x1)
            k.nonZero(.y1, y1)
            k.nonZero(.x2, x2)
            k.nonZero(.y2, y2)
        case .polyline(let pts), .polygon(let pts):
            if case .polyline = content.pointee.shape {
                kind("\"polyline\"", &k)
                usual = .polyline
            } else {
                kind("\"polygon\"", &k)
                usual = .polygon
            }
            k.entry(.points)
            numbers(count: pts.count * 2, &k) { i in i & 1 == 0 ? pts[i >> 1].x : pts[i >> 1].y }
        case .path(let d):
            kind("\"path\"", &k)
            usual = .path
            k.entry(.d)
            string(d, &k)
        case .svg(let xml):
            kind("\"svg\"", &k)
            usual = .other
            k.entry(.xml)
            string(xml, &k)
        }
        paint(.fill, content.pointee.fillSlot, &k, level: level + 1)
        paint(.stroke, content.pointee.strokeSlot, &k, level: level + 1)
        k.optional(.fillOpacity, content.pointee.fillOpacity)
        // Most content has none of the rare properties: one test skips them all.
        let rare = content.pointee.mayHaveRareProperties
        if rare {
            k.optional(.strokeOpacity, content.pointee.strokeOpacity)
            optionalString(.fillRule, content.pointee.fillRule, &k)
        }
        k.optional(.strokeWidth, content.pointee.strokeWidth)
        if rare {
            optionalString(.strokeLinecap, content.pointee.strokeLinecap, &k)
            optionalString(.strokeLinejoin, content.pointee.strokeLinejoin, &k)
            k.optional(.strokeMiterlimit, content.pointee.strokeMiterlimit)
            if let dashes = content.pointee.strokeDasharray {
                k.entry(.strokeDasharray)
                numbers(count: dashes.count, &k) { dashes[$0] }
            }
            k.optional(.strokeDashoffset, content.pointee.strokeDashoffset)
            optionalString(.clipRule, content.pointee.clipRule, &k)
            extra(content.pointee.extra, &k, level: level + 1)
        }
        c.close(k)
        return usual
    }

    /// Writes `"svg": {…}` at cursor `c` (entries at `level`), the facts read where they are
    /// stored, field by field; `usual` is the element the layer's content usually comes from.
    mutating func writeSVG(_ s: UnsafePointer<SVGInfo>, _ c: inout EntryCursor, level: Int, usual: UsualElement = .other) {
        // Most layers' facts are their usual element alone: the object is one prepared run
        // (its key, brace, entry and close were four runs and a cursor, ~140 instructions).
        if level <= EntryRuns.wholeSVGLevels, s.pointee.id == nil, !s.pointee.mayHaveRareFacts,
            usual.isNamed(s.pointee.element)
        {
            c.wholeSVG(usual)
            return
        }
        c.entry(.svg)
        c.literal("{")
        var k = EntryCursor(p: c.p, runs: runs.runs(level: level + 1), comma: false)
        k.entry(.element)
        elementName(s.pointee.element, usual: usual, &k)
        if let id = s.pointee.id {
            k.entry(.id)
            string(id, &k)
        }
        if s.pointee.mayHaveRareFacts {
            optionalString(.title, s.pointee.title, &k)
            optionalString(.class, s.pointee.className, &k)
            optionalString(.mask, s.pointee.mask, &k)
            let ids = s.pointee.filters
            if !ids.isEmpty {
                general(&k, level: level + 1) { $0.filters(ids) }
            }
            extra(s.pointee.extra, &k, level: level + 1)
        }
        c.close(k)
    }

    /// A one-line array of `count` numbers, `value(i)` each, at `k` (room made for all of them).
    @inline(__always)
    private mutating func numbers(count: Int, _ k: inout EntryCursor, _ value: (Int) -> Double) {
        writer.commit(k.p)
        k.p = writer.room(Self.groupRoom + count * (NumberText.maximumByteCount + 2))
        k.literal("[")
        for i in 0..<count { k.inlineNumber(value(i), first: i == 0) }
        k.literal("]")
    }

    /// `"key": "string"` when present.
    @inline(__always)
    private mutating func optionalString(_ key: EntryKey, _ value: String?, _ k: inout EntryCursor) {
        guard let value else { return }
        k.entry(key)
        string(value, &k)
    }

    /// Entries written by the general writer at cursor `k` (its entries at `level`), as if it
    /// had written the ones before; the cursor goes on after them.
    private mutating func general(_ k: inout EntryCursor, level: Int, _ body: (inout LayerEncoder) -> Void) {
        writer.commit(k.p)
        writer.beginFragment(depth: level, hasEntry: k.comma)
        let before = writer.position
        body(&self)
        k.comma = k.comma || writer.position > before
        k.p = writer.room(Self.groupRoom)
    }

    /// `"filter": "id"` for one filter, `"filter": ["a", "b"]` for a list; nothing for none.
    fileprivate mutating func filters(_ ids: [String]) {
        guard let first = ids.first else { return }
        if ids.count == 1 { return stringKey("filter", first) }
        writer.key("filter")
        writer.openInline()
        for (k, id) in ids.enumerated() { writer.inlineString(id, first: k == 0) }
        writer.closeInline()
    }

    /// The element name, written as a literal when it is the one `usual` names: one string
    /// comparison (two small strings compare by their bits, no call) instead of quoting it
    /// through the writer (~110 instructions, for every layer). Any other name is quoted.
    @inline(__always)
    private mutating func elementName(_ e: String, usual: UsualElement, _ k: inout EntryCursor) {
        switch usual {
        case .g where e == "g": k.literal("\"g\"")
        case .rect where e == "rect": k.literal("\"rect\"")
        case .circle where e == "circle": k.literal("\"circle\"")
        case .ellipse where e == "ellipse": k.literal("\"ellipse\"")
        case .line where e == "line": k.literal("\"line\"")
        case .polyline where e == "polyline": k.literal("\"polyline\"")
        case .polygon where e == "polygon": k.literal("\"polygon\"")
        case .path where e == "path": k.literal("\"path\"")
        default: string(e, &k)
        }
    }

    /// `"kind": "k"`, the quoted kind a literal (nothing to escape).
    @inline(__always)
    private func kind(_ quoted: StaticString, _ k: inout EntryCursor) {
        k.entry(.kind)
        k.literal(quoted)
    }

    /// `"key": paint` of a paint where ``Content`` stores it (nothing for no paint): an opaque
    /// color's `"#rrggbb"` written at the cursor from its value (9 bytes, less than the room
    /// kept for a number), no string made.
    private mutating func paint(_ key: EntryKey, _ slot: PaintSlot, _ k: inout EntryCursor, level: Int) {
        switch slot {
        case .unset: return
        case .rgb:
            k.entry(key)
            let p = k.p
            slot.withRGBText { text in
                p[0] = UInt8(ascii: "\"")
                (p + 1).update(from: text.baseAddress!, count: 7)
                p[8] = UInt8(ascii: "\"")
            }
            k.p += 9
        case .none: paint(key, Paint.none, &k, level: level)
        case .other(let box): paint(key, box.value, &k, level: level)
        }
    }

    /// `"key": paint` when present (a reference as an object of entries at `level + 1`).
    private mutating func paint(_ key: EntryKey, _ paint: Paint?, _ k: inout EntryCursor, level: Int) {
        guard let paint else { return }
        k.entry(key)
        switch paint {
        case .none: k.literal("\"none\"")
        case .color(let color): string(color, &k)
        case .ref(let id, let fallback):
            k.literal("{")
            var r = EntryCursor(p: k.p, runs: runs.runs(level: level + 1), comma: false)
            r.entry(.ref)
            string(id, &r)
            if let fallback {
                r.entry(.fallback)
                string(fallback, &r)
            }
            k.close(r)
        }
    }

    /// `"extra": [["name", "value"], …]`, one pair per line, when not empty, by the general
    /// writer at cursor `k` (entries at `level`).
    private mutating func extra(_ props: [StyleProperty], _ k: inout EntryCursor, level: Int) {
        guard !props.isEmpty else { return }
        general(&k, level: level) { $0.extra(props) }
    }

    private mutating func extra(_ props: [StyleProperty]) {
        writer.key("extra")
        writer.openArray()
        for p in props {
            writer.openInline()
            writer.inlineString(p.name, first: true)
            writer.inlineString(p.value)
            writer.closeInline()
        }
        writer.close()
    }
}

/// The SVG element a layer usually comes from, told by its content's kind (no content: `g`),
/// which ``LayerEncoder/writeSVG(_:_:level:usual:)`` compares the element name with.
enum UsualElement: Int, CaseIterable {
    case g, rect, circle, ellipse, line, polyline, polygon, path, other

    /// The element's name (empty for `other`).
    var name: StaticString {
        switch self {
        case .g: "g"
        case .rect: "rect"
        case .circle: "circle"
        case .ellipse: "ellipse"
        case .line: "line"
        case .polyline: "polyline"
        case .polygon: "polygon"
        case .path: "path"
        case .other: ""
        }
    }

    /// Whether `e` is this element's name (never for `other`): two small strings compare by
    /// their bits.
    @inline(__always)
    func isNamed(_ e: String) -> Bool {
        switch self {
        case .g: e == "g"
        case .rect: e == "rect"
        case .circle: e == "circle"
        case .ellipse: e == "ellipse"
        case .line: e == "line"
        case .polyline: e == "polyline"
        case .polygon: e == "polygon"
        case .path: e == "path"
        case .other: false
        }
    }
}
