import LaminaCore

/// Building blocks for writing SVG text: attributes, shapes, paint.
package enum SVGMarkup {
    /// Appends ` name="value"` with the value XML-escaped; an unsafe attribute (an event
    /// handler, `javascript:`, a `url()` outside the file) is left out (Docs/Security.md).
    package static func attr(_ name: String, _ value: String, to out: inout String) {
        guard MarkupSafety.isSafeAttribute(name, value) else { return }
        out += " "
        out += name
        out += "=\""
        escape(value, to: &out)
        out += "\""
    }

    /// Appends ` name="number"`.
    package static func attr(_ name: String, _ value: Double, to out: inout String) {
        out += " "
        out += name
        out += "=\""
        NumberText.append(value, to: &out)
        out += "\""
    }

    /// Appends ` style="name:value;…"` for CSS-only properties (`mix-blend-mode`, `isolation`); nothing when empty.
    package static func styleAttribute(_ properties: [StyleProperty], to out: inout String) {
        guard !properties.isEmpty else { return }
        var css = ""
        for (i, p) in properties.enumerated() {
            if i > 0 { css += ";" }
            css += p.name + ":" + p.value
        }
        attr("style", css, to: &out)
    }

    /// XML attribute escaping of `&`, `<`, `>` and `"`.
    package static func escape(_ s: String, to out: inout String) {
        guard s.utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 }) else {
            out += s
            return
        }
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
    }

    /// `matrix(a b c d e f)` text.
    package static func matrix(_ t: AffineTransform) -> String {
        var s = "matrix("
        for (i, v) in t.elements.enumerated() {
            if i > 0 { s += " " }
            NumberText.append(v, to: &s)
        }
        return s + ")"
    }

    /// Whether the transform prints as the identity.
    package static func printsAsIdentity(_ t: AffineTransform) -> Bool {
        matrix(t) == identityMatrix
    }

    static let identityMatrix = "matrix(1 0 0 1 0 0)"

    /// Appends ` transform="matrix(…)"` unless the transform prints as the identity.
    package static func transformAttribute(_ t: AffineTransform, to out: inout String) {
        let m = matrix(t)
        if m != identityMatrix { attr("transform", m, to: &out) }
    }

    /// Whether `text` contains `needle` (a byte search).
    package static func contains(_ text: String, _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard let first = n.first else { return true }
        return text.utf8.withContiguousStorageIfAvailable { buf -> Bool in
            var i = 0
            let end = buf.count - n.count
            while i <= end {
                if buf[i] == first {
                    var k = 1
                    while k < n.count, buf[i + k] == n[k] { k += 1 }
                    if k == n.count { return true }
                }
                i += 1
            }
            return false
        } ?? text.contains(needle)
    }

    /// Opens a shape element: `<rect x=… …` (no closing), with its own geometry as stored.
    ///
    /// Returns false for verbatim content (`Shape.svg`), which the caller writes itself.
    package static func openShape(_ shape: Shape, to out: inout String) -> Bool {
        switch shape {
        case .rect(let x, let y, let w, let h, let rx, let ry):
            out += "<rect"
            attr("x", x, to: &out); attr("y", y, to: &out)
            attr("width", w, to: &out); attr("height", h, to: &out)
            if rx > 0 { attr("rx", rx, to: &out) }
            if ry > 0 { attr("ry", ry, to: &out) }
        case .circle(let cx, let cy, let r):
            out += "<circle"
            attr("cx", cx, to: &out); attr("cy", cy, to: &out); attr("r", r, to: &out)
        case .ellipse(let cx, let cy, let rx, let ry):
            out += "<ellipse"
            attr("cx", cx, to: &out); attr("cy", cy, to: &out); attr("rx", rx, to: &out); attr("ry", ry, to: &out)
        case .line(let x1, let y1, let x2, let y2):
            out += "<line"
            attr("x1", x1, to: &out); attr("y1", y1, to: &out); attr("x2", x2, to: &out); attr("y2", y2, to: &out)
        case .polyline(let pts):
            out += "<polyline"
            attr("points", points(pts), to: &out)
        case .polygon(let pts):
            out += "<polygon"
            attr("points", points(pts), to: &out)
        case .path(let d):
            out += "<path"
            attr("d", d, to: &out)
        case .svg:
            return false
        }
        return true
    }

    /// `x,y x,y …` text.
    package static func points(_ pts: [Point]) -> String {
        var s = ""
        for (i, p) in pts.enumerated() {
            if i > 0 { s += " " }
            NumberText.append(p.x, to: &s)
            s += ","
            NumberText.append(p.y, to: &s)
        }
        return s
    }

    /// The text of a paint value.
    package static func paint(_ p: Paint) -> String {
        switch p {
        case .none: return "none"
        case .color(let c): return c
        case .ref(let id, let fallback): return fallback.map { "url(#\(id)) \($0)" } ?? "url(#\(id))"
        }
    }

    /// Appends the content's paint attributes (only those not at their initial value), then its extras.
    package static func paintAttributes(_ c: Content, to out: inout String) {
        if let f = c.fill { attr("fill", paint(f), to: &out) }
        if let v = c.fillOpacity { attr("fill-opacity", v, to: &out) }
        if let v = c.fillRule { attr("fill-rule", v, to: &out) }
        if let s = c.stroke, s != Paint.none { attr("stroke", paint(s), to: &out) }
        if let v = c.strokeOpacity { attr("stroke-opacity", v, to: &out) }
        if let v = c.strokeWidth { attr("stroke-width", v, to: &out) }
        if let v = c.strokeLinecap { attr("stroke-linecap", v, to: &out) }
        if let v = c.strokeLinejoin { attr("stroke-linejoin", v, to: &out) }
        if let v = c.strokeMiterlimit { attr("stroke-miterlimit", v, to: &out) }
        if let v = c.strokeDasharray {
            if v.isEmpty {
                attr("stroke-dasharray", "none", to: &out)
            } else {
                var s = ""
                for (i, d) in v.enumerated() {
                    if i > 0 { s += " " }
                    NumberText.append(d, to: &s)
                }
                attr("stroke-dasharray", s, to: &out)
            }
        }
        if let v = c.strokeDashoffset { attr("stroke-dashoffset", v, to: &out) }
        if let v = c.clipRule { attr("clip-rule", v, to: &out) }
        for p in c.extra { attr(p.name, p.value, to: &out) }
    }

    /// Inserts attribute text (starting with a space) after the start tag's name of a verbatim
    /// element; nil when the markup does not start with an element.
    package static func insertingAttributes(_ attrs: String, into xml: String) -> String? {
        guard !attrs.isEmpty else { return xml }
        var i = xml.startIndex
        guard i < xml.endIndex, xml[i] == "<" else { return nil }
        i = xml.index(after: i)
        guard i < xml.endIndex, xml[i].isLetter else { return nil }
        while i < xml.endIndex, !(xml[i] == " " || xml[i] == "/" || xml[i] == ">" || xml[i] == "\n" || xml[i] == "\t") {
            i = xml.index(after: i)
        }
        guard i < xml.endIndex else { return nil }
        return String(xml[..<i]) + attrs + String(xml[i...])
    }
}
