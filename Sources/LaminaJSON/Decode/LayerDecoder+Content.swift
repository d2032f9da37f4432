import LaminaCore

/// Which geometry keys each content kind takes.
enum ContentShapes {
    static let allGeometry = Keys.content.bits([
        .x, .y, .width, .height, .rx, .ry, .cx, .cy, .r, .x1, .y1, .x2, .y2, .points, .d, .xml,
    ])
    /// The geometry keys of each kind, in ``kinds`` order.
    static let allowed: [UInt64] = [
        Keys.content.bits([.x, .y, .width, .height, .rx, .ry]),
        Keys.content.bits([.cx, .cy, .r]),
        Keys.content.bits([.cx, .cy, .rx, .ry]),
        Keys.content.bits([.x1, .y1, .x2, .y2]),
        Keys.content.bits([.points]),
        Keys.content.bits([.points]),
        Keys.content.bits([.d]),
        Keys.content.bits([.xml]),
    ]
    static let kinds = ["rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "svg"]
    /// The UTF-8 of ``kinds``, matched against raw string bytes.
    static let kindBytes = kinds.map { Array($0.utf8) }
    static let fillRules = ["nonzero", "evenodd"]
    static let linecaps = ["butt", "round", "square"]
    static let linejoins = ["miter", "round", "bevel", "miter-clip", "arcs"]
}

/// `content` (shape plus paint) and the `svg` facts.
extension LayerDecoder {
    /// The shape numbers of a content object, all defaulting to 0.
    private struct Geometry {
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0, rx = 0.0, ry = 0.0
        var cx = 0.0, cy = 0.0, r = 0.0, x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
    }

    /// Reads a content object.
    mutating func content() throws(LayerJSONError) -> Content {
        var kind: Int?
        var g = Geometry()
        var points: [Point]?
        var text: String?
        var c = Content(shape: .path(""))
        let (start, keys) = try readObject(Keys.content, "a content object") { d, key throws(LayerJSONError) in
            switch key {
            case .kind: kind = try d.contentKind()
            case .x: g.x = try d.number()
            case .y: g.y = try d.number()
            case .width: g.width = try d.number()
            case .height: g.height = try d.number()
            case .rx: g.rx = try d.number()
            case .ry: g.ry = try d.number()
            case .cx: g.cx = try d.number()
            case .cy: g.cy = try d.number()
            case .r: g.r = try d.number()
            case .x1: g.x1 = try d.number()
            case .y1: g.y1 = try d.number()
            case .x2: g.x2 = try d.number()
            case .y2: g.y2 = try d.number()
            case .points: points = try d.points()
            case .d, .xml: text = try d.string()
            case .fill: c.fill = try d.paint()
            case .stroke: c.stroke = try d.paint()
            case .fillOpacity: c.fillOpacity = try d.unitNumber()
            case .strokeOpacity: c.strokeOpacity = try d.unitNumber()
            case .fillRule: c.fillRule = try d.choice(ContentShapes.fillRules)
            case .strokeWidth: c.strokeWidth = try d.number()
            case .strokeLinecap: c.strokeLinecap = try d.choice(ContentShapes.linecaps)
            case .strokeLinejoin: c.strokeLinejoin = try d.choice(ContentShapes.linejoins)
            case .strokeMiterlimit: c.strokeMiterlimit = try d.number()
            case .strokeDasharray: c.strokeDasharray = try d.numberList()
            case .strokeDashoffset: c.strokeDashoffset = try d.number()
            case .clipRule: c.clipRule = try d.choice(ContentShapes.fillRules)
            case .extra: c.extra = try d.styleProperties()
            }
        }
        guard let kind else { throw missing("kind", at: start) }
        let foreign = keys & ContentShapes.allGeometry & ~ContentShapes.allowed[kind]
        if foreign != 0, let k = Keys.content.firstKey(in: foreign) {
            throw invalid("key '\(k.rawValue)' does not apply to content kind '\(ContentShapes.kinds[kind])'", at: start)
        }
        switch kind {
        case 0: c.shape = .rect(x: g.x, y: g.y, width: g.width, height: g.height, rx: g.rx, ry: g.ry)
        case 1: c.shape = .circle(cx: g.cx, cy: g.cy, r: g.r)
        case 2: c.shape = .ellipse(cx: g.cx, cy: g.cy, rx: g.rx, ry: g.ry)
        case 3: c.shape = .line(x1: g.x1, y1: g.y1, x2: g.x2, y2: g.y2)
        case 4, 5:
            guard let points else { throw missing("points", at: start) }
            c.shape = kind == 4 ? .polyline(points) : .polygon(points)
        case 6:
            guard let text else { throw missing("d", at: start) }
            c.shape = .path(text)
        default:
            guard let text else { throw missing("xml", at: start) }
            c.shape = .svg(xml: text)
        }
        return c
    }

    /// The content `kind` as an index into ``ContentShapes/kinds`` (as ``choice(_:)`` would check it).
    private mutating func contentKind() throws(LayerJSONError) -> Int {
        _ = reader.peek()
        let start = reader.pos
        guard try reader.peekKind() == .string else { throw typeError("a string") }
        let bytes = try reader.readStringBytes()
        if let i = ContentShapes.kindBytes.firstIndex(where: { $0.elementsEqual(bytes) }) { return i }
        let s = String(decoding: bytes, as: UTF8.self)
        let all = ContentShapes.kinds.map { "'\($0)'" }.joined(separator: ", ")
        throw invalid("invalid value '\(s)' (expected \(all))", at: start)
    }

    /// `[x0, y0, x1, y1, …]`.
    private mutating func points() throws(LayerJSONError) -> [Point] {
        _ = reader.peek()
        let start = reader.pos
        let flat = try numberList("a flat array of point coordinates")
        guard flat.count % 2 == 0 else { throw invalid("expected an even count of coordinates, found \(flat.count)", at: start) }
        var out: [Point] = []
        out.reserveCapacity(flat.count / 2)
        var i = 0
        while i < flat.count {
            out.append(Point(flat[i], flat[i + 1]))
            i += 2
        }
        return out
    }

    /// A color string, `"none"`, or `{"ref": ID, "fallback": COLOR}`.
    private mutating func paint() throws(LayerJSONError) -> Paint {
        switch try reader.peekKind() {
        case .string:
            let s = try color(orNone: true)
            return s == "none" ? .none : .color(s)
        case .object:
            var ref: String?
            var fallback: String?
            let start = try readObject(Keys.paint, "a paint") { d, key throws(LayerJSONError) in
                switch key {
                case .ref: ref = try d.string()
                case .fallback: fallback = try d.color(orNone: true)
                }
            }.start
            guard let ref else { throw missing("ref", at: start) }
            return .ref(ref, fallback: fallback)
        default:
            throw typeError("a color string, \"none\" or {\"ref\": ID}")
        }
    }

    /// `filter`: one resource id, or a list of them applied in order.
    mutating func filterIDs() throws(LayerJSONError) -> [String] {
        if try reader.peekKind() == .string { return [try reader.readString()] }
        var ids: [String] = []
        try readArray("a filter id or an array of filter ids") { d, _ throws(LayerJSONError) in ids.append(try d.string()) }
        return ids
    }

    /// The `svg` object.
    mutating func svgInfo() throws(LayerJSONError) -> SVGInfo {
        var info = SVGInfo(element: "")
        var hasElement = false
        let start = try readObject(Keys.svg, "an svg object") { d, key throws(LayerJSONError) in
            switch key {
            case .element:
                info.element = try d.string()
                hasElement = true
            case .id: info.id = try d.string()
            case .title: info.title = try d.string()
            case .className: info.className = try d.string()
            case .mask: info.mask = try d.string()
            case .filter: info.filters = try d.filterIDs()
            case .extra: info.extra = try d.styleProperties()
            }
        }.start
        guard hasElement else { throw missing("element", at: start) }
        return info
    }
}
