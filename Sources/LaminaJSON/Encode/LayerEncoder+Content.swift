import LaminaCore

/// `content` and `svg` objects.
extension LayerEncoder {
    /// Writes `"content": {…}`: kind, geometry (zeros omitted), then paint in SPEC order. The
    /// content is read where it is stored, field by field (a copy would retain every reference).
    mutating func writeContent(_ c: UnsafePointer<Content>) {
        writer.key("content")
        writer.openObject()
        switch c.pointee.shape {
        case .rect(let x, let y, let width, let height, let rx, let ry):
            kind("rect")
            numberKey("x", x, unless: 0)
            numberKey("y", y, unless: 0)
            numberKey("width", width, unless: 0)
            numberKey("height", height, unless: 0)
            numberKey("rx", rx, unless: 0)
            numberKey("ry", ry, unless: 0)
        case .circle(let cx, let cy, let r):
            kind("circle")
            numberKey("cx", cx, unless: 0)
            numberKey("cy", cy, unless: 0)
            numberKey("r", r, unless: 0)
        case .ellipse(let cx, let cy, let rx, let ry):
            kind("ellipse")
            numberKey("cx", cx, unless: 0)
            numberKey("cy", cy, unless: 0)
            numberKey("rx", rx, unless: 0)
            numberKey("ry", ry, unless: 0)
        case .line(let x1, let y1, let x2, let y2):
            kind("line")
            numberKey("x1", x1, unless: 0)
            numberKey("y1", y1, unless: 0)
            numberKey("x2", x2, unless: 0)
            numberKey("y2", y2, unless: 0)
        case .polyline(let pts), .polygon(let pts):
            if case .polyline = c.pointee.shape { kind("polyline") } else { kind("polygon") }
            writer.key("points")
            writer.openInline()
            for (i, p) in pts.enumerated() {
                writer.inlineNumber(p.x, first: i == 0)
                writer.inlineNumber(p.y)
            }
            writer.closeInline()
        case .path(let d):
            kind("path")
            stringKey("d", d)
        case .svg(let xml):
            kind("svg")
            stringKey("xml", xml)
        }
        paintKey("fill", c.pointee.fill)
        paintKey("stroke", c.pointee.stroke)
        numberKey("fillOpacity", c.pointee.fillOpacity)
        // Most content has none of the rare properties: one test skips them all.
        let rare = c.pointee.mayHaveRareProperties
        if rare {
            numberKey("strokeOpacity", c.pointee.strokeOpacity)
            stringKey("fillRule", c.pointee.fillRule)
        }
        numberKey("strokeWidth", c.pointee.strokeWidth)
        if rare {
            stringKey("strokeLinecap", c.pointee.strokeLinecap)
            stringKey("strokeLinejoin", c.pointee.strokeLinejoin)
            numberKey("strokeMiterlimit", c.pointee.strokeMiterlimit)
            if let dashes = c.pointee.strokeDasharray {
                writer.key("strokeDasharray")
                writer.openInline()
                for (i, v) in dashes.enumerated() { writer.inlineNumber(v, first: i == 0) }
                writer.closeInline()
            }
            numberKey("strokeDashoffset", c.pointee.strokeDashoffset)
            stringKey("clipRule", c.pointee.clipRule)
            extra(c.pointee.extra)
        }
        writer.close()
    }

    /// Writes `"svg": {…}`, the facts read where they are stored, field by field.
    mutating func writeSVG(_ s: UnsafePointer<SVGInfo>) {
        writer.key("svg")
        writer.openObject()
        stringKey("element", s.pointee.element)
        if let id = s.pointee.id { stringKey("id", id) }
        if s.pointee.mayHaveRareFacts {
            stringKey("title", s.pointee.title)
            stringKey("class", s.pointee.className)
            stringKey("mask", s.pointee.mask)
            filters(s.pointee.filters)
            extra(s.pointee.extra)
        }
        writer.close()
    }

    /// `"filter": "id"` for one filter, `"filter": ["a", "b"]` for a list; nothing for none.
    private mutating func filters(_ ids: [String]) {
        guard let first = ids.first else { return }
        if ids.count == 1 { return stringKey("filter", first) }
        writer.key("filter")
        writer.openInline()
        for (k, id) in ids.enumerated() { writer.inlineString(id, first: k == 0) }
        writer.closeInline()
    }

    /// `"kind": "k"`, written as the literals they are (nothing to escape).
    private mutating func kind(_ k: StaticString) {
        writer.string(k, key: "kind")
    }

    private mutating func paintKey(_ key: StaticString, _ paint: Paint?) {
        guard let paint else { return }
        writer.key(key)
        switch paint {
        case .none: writer.string("none")
        case .color(let c): writer.string(c)
        case .ref(let id, let fallback):
            writer.openObject()
            writer.key("ref")
            writer.string(id)
            if let fallback {
                writer.key("fallback")
                writer.string(fallback)
            }
            writer.close()
        }
    }

    /// `"extra": [["name", "value"], …]`, one pair per line, when not empty.
    private mutating func extra(_ props: [StyleProperty]) {
        guard !props.isEmpty else { return }
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
