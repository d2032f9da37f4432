import LaminaCore

/// `content` and `svg` objects.
extension LayerEncoder {
    /// Writes `"content": {…}`: kind, geometry (zeros omitted), then paint in SPEC order.
    mutating func writeContent(_ c: Content) {
        writer.key("content")
        writer.openObject()
        switch c.shape {
        case .rect(let x, let y, let width, let height, let rx, let ry):
            kind("rect")
            numbers([("x", x), ("y", y), ("width", width), ("height", height), ("rx", rx), ("ry", ry)])
        case .circle(let cx, let cy, let r):
            kind("circle")
            numbers([("cx", cx), ("cy", cy), ("r", r)])
        case .ellipse(let cx, let cy, let rx, let ry):
            kind("ellipse")
            numbers([("cx", cx), ("cy", cy), ("rx", rx), ("ry", ry)])
        case .line(let x1, let y1, let x2, let y2):
            kind("line")
            numbers([("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)])
        case .polyline(let pts), .polygon(let pts):
            if case .polyline = c.shape { kind("polyline") } else { kind("polygon") }
            writer.key("points")
            var flat: [Double] = []
            flat.reserveCapacity(pts.count * 2)
            for p in pts {
                flat.append(p.x)
                flat.append(p.y)
            }
            writer.inlineNumbers(flat)
        case .path(let d):
            kind("path")
            stringKey("d", d)
        case .svg(let xml):
            kind("svg")
            stringKey("xml", xml)
        }
        paintKey("fill", c.fill)
        paintKey("stroke", c.stroke)
        numberKey("fillOpacity", c.fillOpacity)
        numberKey("strokeOpacity", c.strokeOpacity)
        stringKey("fillRule", c.fillRule)
        numberKey("strokeWidth", c.strokeWidth)
        stringKey("strokeLinecap", c.strokeLinecap)
        stringKey("strokeLinejoin", c.strokeLinejoin)
        numberKey("strokeMiterlimit", c.strokeMiterlimit)
        if let dashes = c.strokeDasharray {
            writer.key("strokeDasharray")
            writer.inlineNumbers(dashes)
        }
        numberKey("strokeDashoffset", c.strokeDashoffset)
        stringKey("clipRule", c.clipRule)
        extra(c.extra)
        writer.close()
    }

    /// Writes `"svg": {…}`.
    mutating func writeSVG(_ s: SVGInfo) {
        writer.key("svg")
        writer.openObject()
        stringKey("element", s.element)
        stringKey("id", s.id)
        stringKey("title", s.title)
        stringKey("class", s.className)
        stringKey("mask", s.mask)
        stringKey("filter", s.filter)
        extra(s.extra)
        writer.close()
    }

    private mutating func kind(_ k: String) {
        writer.key("kind")
        writer.string(k)
    }

    private mutating func numbers(_ pairs: [(String, Double)]) {
        for (k, v) in pairs { numberKey(k, v, unless: 0) }
    }

    private mutating func paintKey(_ key: String, _ paint: Paint?) {
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
        for p in props { writer.inlineStrings([p.name, p.value]) }
        writer.close()
    }
}
