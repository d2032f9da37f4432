import LaminaCore

/// Shapes, points and paint as SVG bytes.
extension SVGMarkup {
    /// Opens a shape element: `<rect x=… …` (no closing), with its own geometry as stored.
    ///
    /// Returns false for verbatim content (`Shape.svg`), which the caller writes itself.
    package static func openShape(_ shape: Shape, to out: inout some MarkupOutput) -> Bool {
        withUnsafePointer(to: shape) { openShape($0, to: &out) }
    }

    /// ``openShape(_:to:)-(Shape,_)`` of a shape read where it is stored: the switch binds only
    /// the payload it needs (a copy of the shape goes through its outlined copy, which retains
    /// whatever payload the case holds).
    package static func openShape(_ shape: UnsafePointer<Shape>, to out: inout some MarkupOutput) -> Bool {
        switch shape.pointee {
        case .rect, .circle, .ellipse, .line:
            staged(&out, capacity: stagedShapeCapacity) { $0.shape(shape) }
        case .polyline(let pts):
            lit("<polyline points=\"", to: &out)
            points(pts, to: &out)
            out.putByte(0x22)
        case .polygon(let pts):
            lit("<polygon points=\"", to: &out)
            points(pts, to: &out)
            out.putByte(0x22)
        case .path(let d):
            lit("<path", to: &out)
            attr("d", d, to: &out)
        case .svg:
            return false
        }
        return true
    }

    /// The most ``Stage/shape(_:)`` writes: `<ellipse` and a rect's six numbers, each with its
    /// attribute name.
    static var stagedShapeCapacity: Int { 16 + 6 * (NumberText.maximumByteCount + 24) }

    /// Appends `x,y x,y …` (numbers only: always safe, nothing to escape), up to
    /// ``pointsPerRoom`` points in each room asked of `out` (as much as they can take), each
    /// point written with the space after it, the last one's taken back: no test per number.
    package static func points(_ pts: [Point], to out: inout some MarkupOutput) {
        let perPoint = 2 * NumberText.maximumByteCount + 2
        pts.withUnsafeBufferPointer { buf in
            guard var next = buf.baseAddress, !buf.isEmpty else { return }
            let end = next + buf.count
            while next < end {
                let fit = min(next.distance(to: end), pointsPerRoom)
                out.withPutRoom(fit * perPoint) { base in
                    var p = base
                    for _ in 0..<fit {
                        p += NumberText.write(next.pointee.x, to: p)
                        p.pointee = 0x2C
                        p += 1
                        p += NumberText.write(next.pointee.y, to: p)
                        p.pointee = 0x20
                        p += 1
                        next += 1
                    }
                    return base.distance(to: p) - (next == end ? 1 : 0)
                }
            }
        }
    }

    /// The most points ``points(_:to:)-(_,_)`` writes in one room (about 4 KB).
    static var pointsPerRoom: Int { 62 }

    /// `x,y x,y …` text.
    package static func points(_ pts: [Point]) -> String {
        var b: [UInt8] = []
        points(pts, to: &b)
        return String(decoding: b, as: UTF8.self)
    }

    /// The text of a paint value.
    package static func paint(_ p: Paint) -> String {
        switch p {
        case .none: return "none"
        case .color(let c): return c
        case .ref(let id, let fallback): return fallback.map { "url(#\(id)) \($0)" } ?? "url(#\(id))"
        }
    }

    /// Appends ` name="paint"`.
    @inline(__always)
    static func paintAttr(_ name: StaticString, _ p: Paint, to out: inout some MarkupOutput) {
        switch p {
        case .none: plainAttr(name, "none", to: &out)
        case .color(let c): plainAttr(name, c, to: &out)
        case .ref: attr(name, paint(p), to: &out)
        }
    }

    /// Appends ` name="paint"` of a paint where ``Content`` stores it (nothing for no paint): an
    /// opaque color's `#rrggbb` written from its value, no string made.
    @inline(__always)
    static func paintAttr(_ name: StaticString, _ slot: PaintSlot, to out: inout some MarkupOutput) {
        switch slot {
        case .unset: return
        case .rgb: slot.withRGBText { stagedAttr(name, $0, capacity: name.utf8CodeUnitCount + plainLimit + 4, to: &out) }
        case .none: paintAttr(name, Paint.none, to: &out)
        case .other(let box): paintAttr(name, box.value, to: &out)
        }
    }

    /// ``attr(_:_:to:)-(StaticString,String,_)`` of a value that is usually short and plain (a
    /// color): when its bytes are at most ``plainLimit`` printable ASCII characters none of
    /// which needs the safety check or escaping (``isPlain(_:)``), they are copied as they are
    /// in the one access that checks them, which is what `attr` writes for such a value;
    /// anything else goes through `attr`.
    @inline(__always)
    static func plainAttr(_ name: StaticString, _ value: String, to out: inout some MarkupOutput) {
        var v = value
        let written = v.withUTF8 { bytes -> Bool in
            guard bytes.count <= plainLimit, isPlain(bytes) else { return false }
            stagedAttr(name, bytes, capacity: name.utf8CodeUnitCount + plainLimit + 4, to: &out)
            return true
        }
        if !written { attr(name, value, to: &out) }
    }

    /// ` name="bytes"` in one staged append of `capacity` bytes (at least the attribute's
    /// length): bytes already known to need no safety check or escaping.
    @inline(__always)
    static func stagedAttr(_ name: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, capacity: Int, to out: inout some MarkupOutput) {
        staged(&out, capacity: capacity) { stage in
            stage.byte(0x20)
            stage.lit(name)
            stage.byte(0x3D)
            stage.byte(0x22)
            stage.bytes(bytes)
            stage.byte(0x22)
        }
    }

    /// The longest value ``plainAttr(_:_:to:)`` copies itself.
    static var plainLimit: Int { 32 }

    /// Whether every byte is printable ASCII other than `"`, `&`, `<`, `>` (escaped) and `:`,
    /// `@`, `(` (looked at by the safety check): a subset of the bytes ``classify(_:)`` gives 0.
    /// Two 64-bit masks, no table to load.
    @inline(__always)
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Bits 0x20…0x3F except `"` (22), `&` (26), `(` (28), `:` (3A), `<` (3C), `>` (3E).
        let low: UInt64 = 0xFFFF_FFFF_0000_0000 & ~(1 << 0x22 | 1 << 0x26 | 1 << 0x28 | 1 << 0x3A | 1 << 0x3C | 1 << 0x3E)
        // Bits 0x40…0x7E except `@` (40), as bits 0…63.
        let high: UInt64 = 0x7FFF_FFFF_FFFF_FFFE
        var outside: UInt64 = 0
        for b in bytes {
            let mask = b < 64 ? low : (b < 128 ? high : 0)
            outside |= ~mask & (1 &<< UInt64(b & 63))
        }
        return outside == 0
    }

    /// Whether `v` is written as the initial value `initial` (``NumberText/printsSame(_:_:)``),
    /// tested cheaply first: values a millionth or more apart never print the same.
    @inline(__always)
    static func printsAsInitial(_ v: Double, _ initial: Double) -> Bool {
        abs(v - initial) < 1e-6 && NumberText.printsSame(v, initial)
    }

    /// Appends the content's paint attributes (only those not at their initial value, nor
    /// printed as it: a width of 0.99999994 is written as no width, not as `1`, which reads back
    /// as the initial value and is then left out), then its extras. The content is read where it is stored, one field at a time (a copy of the whole
    /// content retains and releases each reference in it).
    package static func paintAttributes(_ c: UnsafePointer<Content>, to out: inout some MarkupOutput) {
        paintAttr("fill", c.pointee.fillSlot, to: &out)
        if let v = c.pointee.fillOpacity, !printsAsInitial(v, 1) { attr("fill-opacity", v, to: &out) }
        let rare = c.pointee.mayHaveRareProperties
        if rare, let v = c.pointee.fillRule { attr("fill-rule", v, to: &out) }
        if case .none = c.pointee.strokeSlot {} else { paintAttr("stroke", c.pointee.strokeSlot, to: &out) }
        if rare, let v = c.pointee.strokeOpacity, !printsAsInitial(v, 1) { attr("stroke-opacity", v, to: &out) }
        if let v = c.pointee.strokeWidth, !printsAsInitial(v, 1) { attr("stroke-width", v, to: &out) }
        guard rare else { return }
        if let v = c.pointee.strokeLinecap { attr("stroke-linecap", v, to: &out) }
        if let v = c.pointee.strokeLinejoin { attr("stroke-linejoin", v, to: &out) }
        if let v = c.pointee.strokeMiterlimit, !printsAsInitial(v, 4) { attr("stroke-miterlimit", v, to: &out) }
        if let v = c.pointee.strokeDasharray {
            if v.isEmpty {
                attr("stroke-dasharray", "none", to: &out)
            } else {
                lit(" stroke-dasharray=\"", to: &out)
                for (i, d) in v.enumerated() {
                    if i > 0 { out.putByte(0x20) }
                    number(d, to: &out)
                }
                out.putByte(0x22)
            }
        }
        if let v = c.pointee.strokeDashoffset, !printsAsInitial(v, 0) { attr("stroke-dashoffset", v, to: &out) }
        if let v = c.pointee.clipRule { attr("clip-rule", v, to: &out) }
        var css: [(name: String, value: String)] = []
        for p in c.pointee.extra {
            // The layer's group writes its compositing (a second blend here would blend twice).
            if p.name == "mix-blend-mode" || p.name == "isolation" { continue }
            if CSSOnlyProperties.contains(p.name) { css.append((p.name, p.value)) } else { attr(dynamic: p.name, p.value, to: &out) }
        }
        if let text = CSSOnlyProperties.styleText(css) { attr("style", text, to: &out) }
    }

    /// The byte offset just after the start tag's name of a verbatim element, where attributes
    /// can be inserted; nil when the markup does not start with an element.
    package static func attributeInsertionPoint(in xml: String) -> Int? {
        let u = xml.utf8
        guard u.first == 0x3C else { return nil }
        let rest = xml.unicodeScalars.dropFirst()
        guard let first = rest.first, Character(first).isLetter else { return nil }
        var i = 0
        for b in u {
            if i > 0, b == 0x20 || b == 0x2F || b == 0x3E || b == 0x0A || b == 0x09 { return i }
            i += 1
        }
        return nil
    }

    /// Inserts attribute text (starting with a space) after the start tag's name of a verbatim
    /// element; nil when the markup does not start with an element.
    package static func insertingAttributes(_ attrs: String, into xml: String) -> String? {
        guard !attrs.isEmpty else { return xml }
        guard let i = attributeInsertionPoint(in: xml) else { return nil }
        let u = Array(xml.utf8)
        return String(decoding: u[..<i] + Array(attrs.utf8) + u[i...], as: UTF8.self)
    }
}
