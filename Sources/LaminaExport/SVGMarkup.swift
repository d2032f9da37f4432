import LaminaCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Building blocks for writing SVG as UTF-8 bytes: literals, escaped text, numbers, attributes.
///
/// Every writer appends to one byte buffer (``MarkupOutput``: an array, or a ``MarkupBuffer``
/// written in place); no attribute or number becomes a `String`.
package enum SVGMarkup {
    /// Appends the bytes of an ASCII literal.
    @inline(__always)
    package static func lit(_ s: StaticString, to out: inout some MarkupOutput) {
        out.putBytes(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of `s` unescaped (markup that is already XML).
    @inline(__always)
    package static func raw(_ s: String, to out: inout some MarkupOutput) {
        utf8(s, to: &out)
    }

    /// Appends the UTF-8 bytes of `s` from its buffer in one copy (`append(contentsOf: s.utf8)`
    /// went through the view a byte at a time: a tenth of writing a 6 MB embedded image).
    @inline(__always)
    package static func utf8(_ s: String, to out: inout some MarkupOutput) {
        var t = s
        t.withUTF8 { out.putBytes($0) }
    }

    /// Appends a number through ``NumberText``.
    @inline(__always)
    package static func number(_ v: Double, to out: inout some MarkupOutput) {
        out.withPutRoom(NumberText.maximumByteCount) { NumberText.write(v, to: $0) }
    }

    /// Appends ` name="value"` with the value XML-escaped; an unsafe attribute (an event
    /// handler, `javascript:`, a `url()` outside the file) is left out (Docs/Security.md), and so
    /// is one whose name cannot be written (``MarkupSafety/isAttributeName(_:)``: it would make
    /// the document ill-formed).
    package static func attr(dynamic name: String, _ value: String, to out: inout some MarkupOutput) {
        guard MarkupSafety.isSafeAttributeFast(name, value), MarkupSafety.isAttributeName(name) else { return }
        out.putByte(0x20)
        utf8(name, to: &out)
        lit("=\"", to: &out)
        escape(value, to: &out)
        out.putByte(0x22)
    }

    /// ``attr(_:_:to:)`` for a fixed, known-safe attribute name. One pass over the value decides
    /// whether it needs the safety check or escaping at all (most values need neither).
    package static func attr(_ name: StaticString, _ value: String, to out: inout some MarkupOutput) {
        let kind = classify(value)
        if kind & 1 != 0, !MarkupSafety.isSafeValueFast(value) { return }
        let count = value.utf8.count
        if kind & 2 == 0, count <= 96 {
            // A short value to copy as it is (a color, a number list): one append.
            var v = value
            v.withUTF8 { stagedAttr(name, $0, capacity: name.utf8CodeUnitCount + count + 4, to: &out) }
            return
        }
        out.putByte(0x20)
        lit(name, to: &out)
        lit("=\"", to: &out)
        if kind & 2 != 0 { escapeAll(value, to: &out) } else { utf8(value, to: &out) }
        out.putByte(0x22)
    }

    /// Bit 0: the value holds `:`, `@` or `(` (the safety check must look at it); bit 1: it
    /// holds `&`, `<`, `>` or `"` (it must be escaped), a control character XML 1.0 does not
    /// allow, or a byte `EF` (which starts U+FFFE and U+FFFF): ``escapeAll(_:to:)`` deals with them.
    @inline(__always)
    static func classify(_ value: String) -> UInt8 {
        if let k = value.utf8.withContiguousStorageIfAvailable(classify(bytes:)) { return k }
        var copy = value
        return copy.withUTF8(classify(bytes:))
    }

    /// ``classify(_:)`` of UTF-8 bytes: a table lookup per byte, or-ed together without
    /// branches, eight bytes a step.
    static func classify(bytes buf: UnsafeBufferPointer<UInt8>) -> UInt8 {
        guard let base = buf.baseAddress else { return 0 }
        return classTable.withUnsafeBufferPointer { t -> UInt8 in
            let n = buf.count
            var i = 0
            var a: UInt8 = 0, b: UInt8 = 0
            while i &+ 8 <= n {
                a |= t[Int(base[i])] | t[Int(base[i &+ 1])] | t[Int(base[i &+ 2])] | t[Int(base[i &+ 3])]
                b |= t[Int(base[i &+ 4])] | t[Int(base[i &+ 5])] | t[Int(base[i &+ 6])] | t[Int(base[i &+ 7])]
                i &+= 8
            }
            while i < n {
                a |= t[Int(base[i])]
                i &+= 1
            }
            return a | b
        }
    }

    /// Per byte value: 1 for `:`, `@`, `(`; 2 for `&`, `<`, `>`, `"`, the control characters
    /// other than tab, line feed and carriage return, and `EF`; else 0.
    static let classTable: [UInt8] = (0..<256).map { b -> UInt8 in
        switch b {
        case 58, 64, 40: 1
        case 38, 60, 62, 34, 0xEF: 2
        case 0x09, 0x0A, 0x0D: 0
        case 0..<0x20: 2
        default: 0
        }
    }

    /// Appends ` name="number"` (staged: one append). Inlined: the name's bytes are then
    /// stored as constants, not copied by a call.
    @inline(__always)
    package static func attr(_ name: StaticString, _ value: Double, to out: inout some MarkupOutput) {
        staged(&out, capacity: name.utf8CodeUnitCount + NumberText.maximumByteCount + 4) { stage in
            stage.byte(0x20)
            stage.lit(name)
            stage.byte(0x3D)
            stage.byte(0x22)
            stage.number(value)
            stage.byte(0x22)
        }
    }

    /// Appends ` name="url(#id)"` for an id that may come from the input (checked and escaped).
    package static func urlAttr(_ name: StaticString, id: String, to out: inout some MarkupOutput) {
        attr(name, "url(#" + id + ")", to: &out)
    }

    /// Appends ` name="url(#a) url(#b)"` for a list of resource ids (a `filter` list, applied in
    /// order); nothing when empty.
    package static func urlListAttr(_ name: StaticString, ids: [String], to out: inout some MarkupOutput) {
        guard let first = ids.first else { return }
        if ids.count == 1 { return urlAttr(name, id: first, to: &out) }
        attr(name, ids.map { "url(#" + $0 + ")" }.joined(separator: " "), to: &out)
    }

    /// Appends ` name="url(#id)"` for an id this writer generated (`lamina-clip-N`, always safe).
    package static func generatedURLAttr(_ name: StaticString, id: String, to out: inout some MarkupOutput) {
        out.putByte(0x20)
        lit(name, to: &out)
        lit("=\"url(#", to: &out)
        utf8(id, to: &out)
        lit(")\"", to: &out)
    }

    /// Appends ` style="name:value;…"` for CSS-only properties (`mix-blend-mode`, `isolation`); nothing when empty.
    package static func styleAttribute(_ properties: [StyleProperty], to out: inout some MarkupOutput) {
        guard !properties.isEmpty else { return }
        var css = ""
        for (i, p) in properties.enumerated() {
            if i > 0 { css += ";" }
            css += p.name + ":" + p.value
        }
        attr("style", css, to: &out)
    }

    /// Appends `s` with XML attribute escaping of `&`, `<`, `>` and `"` (see ``escapeAll(_:to:)``).
    package static func escape(_ s: String, to out: inout some MarkupOutput) {
        guard classify(s) & 2 != 0 else {
            utf8(s, to: &out)
            return
        }
        escapeAll(s, to: &out)
    }

    /// Appends `s` escaping every `&`, `<`, `>` and `"`, and leaving out the characters that
    /// XML 1.0 allows nowhere, not even as references (the control characters other than tab,
    /// line feed and carriage return, U+FFFE and U+FFFF: a layer JSON string may hold them), so
    /// that the document stays well-formed.
    static func escapeAll(_ s: String, to out: inout some MarkupOutput) {
        var u = s.utf8.makeIterator()
        while let b = u.next() {
            switch b {
            case 38: lit("&amp;", to: &out)
            case 60: lit("&lt;", to: &out)
            case 62: lit("&gt;", to: &out)
            case 34: lit("&quot;", to: &out)
            case 0x09, 0x0A, 0x0D: out.putByte(b)
            case 0..<0x20: continue
            case 0xEF:
                // A string is valid UTF-8: `EF` leads a three-byte character whose other two
                // bytes are continuation bytes (never markup). U+FFFE and U+FFFF are `EF BF BE`
                // and `EF BF BF`; every other such character is kept.
                let b1 = u.next(), b2 = u.next()
                if b1 == 0xBF, b2 == 0xBE || b2 == 0xBF { continue }
                out.putByte(b)
                if let b1 { out.putByte(b1) }
                if let b2 { out.putByte(b2) }
            default: out.putByte(b)
            }
        }
    }

    /// Appends `matrix(a b c d e f)`.
    package static func matrix(_ t: AffineTransform, to out: inout some MarkupOutput) {
        staged(&out, capacity: matrixCapacity) { stage in stage.matrix(t) }
    }

    /// Room for `matrix(…)` with six numbers of any length.
    static let matrixCapacity = 8 + 6 * (NumberText.maximumByteCount + 1)

    /// `matrix(a b c d e f)` text.
    package static func matrix(_ t: AffineTransform) -> String {
        var b: [UInt8] = []
        matrix(t, to: &b)
        return String(decoding: b, as: UTF8.self)
    }

    /// Whether the transform prints as the identity.
    package static func printsAsIdentity(_ t: AffineTransform) -> Bool {
        var b: [UInt8] = []
        matrix(t, to: &b)
        return b.elementsEqual(identityMatrix.utf8)
    }

    static let identityMatrix = "matrix(1 0 0 1 0 0)"

    /// The largest translation that an identity matrix is written without: one unit of the
    /// sixth decimal (and a hair for the binary sum). It is round-off of layer JSON, whose
    /// `position` and `bounds` have six decimals: a layer without a transform whose anchor is
    /// the midpoint of a size with an odd last digit comes back half a unit off, two nested
    /// ones a unit. It moves nothing a renderer shows, but resvg rasterizes a path under any
    /// transform otherwise than under none (`matrix(1 0 0 1 -0.000001 0)` on Bootstrap's
    /// `tools.svg` through JSON: 50 of 16,384 pixels differed).
    static let roundOffTranslation = 1.0000001e-6

    /// Appends ` transform="matrix(…)"` unless the transform prints as the identity.
    package static func transformAttribute(_ t: AffineTransform, to out: inout some MarkupOutput) {
        // The exact identity (most items of a flat drawing) without formatting six numbers to
        // compare them with it: `1`, `0` and `-0` are written `1`, `0` and `0`.
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx == 0, t.ty == 0 { return }
        staged(&out, capacity: matrixCapacity + 16) { $0.transform(t) }
    }

    /// ``identityMatrix`` as static bytes.
    static let identityMatrixBytes: StaticString = "matrix(1 0 0 1 0 0)"

    /// Runs `body` on room for `capacity` bytes of `out` (``MarkupOutput/withPutRoom(_:_:)``: in
    /// place in a ``MarkupBuffer``, a stack buffer appended in one call to an array), so that an
    /// attribute and its numbers are written with one test for room.
    @inline(__always)
    static func staged(_ out: inout some MarkupOutput, capacity: Int, _ body: (inout Stage) -> Void) {
        out.withPutRoom(capacity) { base in
            var stage = Stage(base: base, capacity: capacity)
            body(&stage)
            return stage.count
        }
    }

    /// Bytes put together on the stack (``staged(_:capacity:_:)``); callers keep within its capacity.
    struct Stage {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0
        let capacity: Int

        init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
            self.base = base
            self.capacity = capacity
        }

        @inline(__always) mutating func byte(_ b: UInt8) {
            precondition(count < capacity)
            base[count] = b
            count += 1
        }

        @inline(__always) mutating func lit(_ s: StaticString) {
            let n = s.utf8CodeUnitCount
            precondition(count + n <= capacity)
            ShortCopy.copy(s.utf8Start, to: base + count, count: n)
            count += n
        }

        @inline(__always) mutating func bytes(_ b: UnsafeBufferPointer<UInt8>) {
            precondition(count + b.count <= capacity)
            guard let from = b.baseAddress else { return }
            (base + count).update(from: from, count: b.count)
            count += b.count
        }

        @inline(__always) mutating func number(_ v: Double) {
            precondition(count + NumberText.maximumByteCount <= capacity)
            count += NumberText.write(v, to: base + count)
        }

        mutating func matrix(_ t: AffineTransform) {
            lit("matrix(")
            number(t.a); byte(0x20)
            number(t.b); byte(0x20)
            number(t.c); byte(0x20)
            number(t.d); byte(0x20)
            number(t.tx); byte(0x20)
            number(t.ty)
            byte(0x29)
        }
    }

    /// Whether `text` contains `needle` (a byte search).
    package static func contains(_ text: String, _ needle: String) -> Bool {
        var t = text
        return t.withUTF8 { contains($0, needle) }
    }

    /// Whether `bytes` contain `needle`.
    package static func contains(_ bytes: some Collection<UInt8>, _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        return n.withUnsafeBufferPointer { pattern in
            bytes.withContiguousStorageIfAvailable { ByteSearch.contains($0, pattern) }
                ?? Array(bytes).withUnsafeBufferPointer { ByteSearch.contains($0, pattern) }
        }
    }
}
