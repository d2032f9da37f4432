import LaminaCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The common drawable (a rect, circle, ellipse or line with plain colors and no rare paint
/// property) written whole in one room, and the common tail of any other shape.
extension SVGMarkup {
    /// Writes `<shape …/>` with its transform, paint and opacity in one room of `out` (one test
    /// for room; each attribute's name, with its space, `=` and quote, one literal): the bytes
    /// ``openShape(_:to:)-(UnsafePointer<Shape>,_)``, ``transformAttribute(_:to:)``,
    /// ``paintAttributes(_:to:)`` and the opacity write for it. False, with nothing written,
    /// for anything else (points, path data, verbatim content, a paint reference, a color
    /// that needs the safety check or escaping, rare paint properties), which the caller
    /// writes attribute by attribute.
    @inline(__always)
    static func writeCommonElement(
        _ shape: UnsafePointer<Shape>, _ content: UnsafePointer<Content>, transform t: AffineTransform, opacity: Double,
        to out: inout some MarkupOutput
    ) -> Bool {
        switch shape.pointee {
        case .rect, .circle, .ellipse, .line: break
        default: return false
        }
        return writeCommon(shape, content, transform: t, opacity: opacity, capacity: commonElementCapacity, to: &out)
    }

    /// Writes what follows a shape's own attributes (written by
    /// ``openShape(_:to:)-(UnsafePointer<Shape>,_)``: a path's data, a polygon's points) in
    /// one room, as ``writeCommonElement(_:_:transform:opacity:to:)`` writes it: the transform,
    /// the paint, the opacity and the end of the tag. Staged apart, the three writes tested for
    /// room, and called, about a dozen times an element. False, with nothing written, where
    /// that declines.
    @inline(__always)
    static func writeCommonTail(
        _ content: UnsafePointer<Content>, transform t: AffineTransform, opacity: Double, to out: inout some MarkupOutput
    ) -> Bool {
        writeCommon(nil, content, transform: t, opacity: opacity, capacity: commonTailCapacity, to: &out)
    }

    /// ``writeCommonElement(_:_:transform:opacity:to:)``, the shape left out when nil (the
    /// tail), in a room of `capacity` bytes. The shape is a parameter, not a closure writing
    /// it: as a closure it was compiled apart, and its numbers' writes were calls.
    @inline(__always)
    private static func writeCommon(
        _ shape: UnsafePointer<Shape>?, _ content: UnsafePointer<Content>, transform t: AffineTransform, opacity: Double,
        capacity: Int, to out: inout some MarkupOutput
    ) -> Bool {
        guard !content.pointee.mayHaveRareProperties else { return false }
        let written = withPlainPaint(content.pointee.fillSlot, noneWritten: true) { fill -> Bool in
            let inner = withPlainPaint(content.pointee.strokeSlot, noneWritten: false) { stroke -> Bool in
                staged(&out, capacity: capacity) { s in
                    if let shape { s.shape(shape) }
                    s.transform(t)
                    if let fill { s.bytesAttr(" fill=\"", fill) }
                    if let v = content.pointee.fillOpacity, !printsAsInitial(v, 1) { s.numberAttr(" fill-opacity=\"", v) }
                    if let stroke { s.bytesAttr(" stroke=\"", stroke) }
                    if let v = content.pointee.strokeWidth, !printsAsInitial(v, 1) { s.numberAttr(" stroke-width=\"", v) }
                    if opacity < 1, !printsAsInitial(opacity, 1) { s.numberAttr(" opacity=\"", opacity) }
                    s.lit("/>\n")
                }
                return true
            }
            return inner ?? false
        }
        return written ?? false
    }

    /// The most a common element takes: `<ellipse` and four numbers (or a rect's six), then
    /// its tail (``commonTailCapacity``).
    static var commonElementCapacity: Int { stagedShapeCapacity + commonTailCapacity }

    /// The most a common tail takes: the transform, two colors of ``plainLimit`` bytes, three
    /// more numbers, `/>`.
    static var commonTailCapacity: Int {
        16 + matrixCapacity + 2 * (plainLimit + 16) + 3 * (NumberText.maximumByteCount + 24) + 4
    }

    /// Calls `body` with the bytes paint `p` is written with when they are copied as they are:
    /// nil for no paint (and for `none` unless `noneWritten`), `none`, or a plain color
    /// (``isPlain(_:)``, at most ``plainLimit`` bytes). Returns nil, without calling `body`,
    /// for a paint written otherwise (a reference, a color to check or escape).
    @inline(__always)
    static func withPlainPaint<R>(_ slot: PaintSlot, noneWritten: Bool, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R? {
        switch slot {
        case .unset: return body(nil)
        case .rgb: return slot.withRGBText { body($0) }
        case .none: return withPlainPaint(Paint.none, noneWritten: noneWritten, body)
        case .other(let box): return withPlainPaint(box.value, noneWritten: noneWritten, body)
        }
    }

    /// ``withPlainPaint(_:noneWritten:_:)-(PaintSlot,_,_)`` of a `Paint?`.
    @inline(__always)
    static func withPlainPaint<R>(_ p: Paint?, noneWritten: Bool, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R? {
        switch p {
        case nil:
            return body(nil)
        case .none?:
            guard noneWritten else { return body(nil) }
            let none: StaticString = "none"
            return body(UnsafeBufferPointer(start: none.utf8Start, count: none.utf8CodeUnitCount))
        case .color(let c)?:
            var v = c
            return v.withUTF8 { bytes -> R? in
                guard bytes.count <= plainLimit, isPlain(bytes) else { return nil }
                return body(bytes)
            }
        case .ref?:
            return nil
        }
    }
}

extension SVGMarkup.Stage {
    /// `prefix` (` name="`), the number, `"`.
    @inline(__always)
    mutating func numberAttr(_ prefix: StaticString, _ v: Double) {
        lit(prefix)
        number(v)
        byte(0x22)
    }

    /// `prefix` (` name="`), bytes that need no check or escaping, `"`.
    @inline(__always)
    mutating func bytesAttr(_ prefix: StaticString, _ b: UnsafeBufferPointer<UInt8>) {
        lit(prefix)
        bytes(b)
        byte(0x22)
    }

    /// `<rect x=… …`, `<circle …`, `<ellipse …` or `<line …` (other shapes are not staged):
    /// what ``SVGMarkup/openShape(_:to:)-(UnsafePointer<Shape>,_)`` stages for these four.
    @inline(__always)
    mutating func shape(_ shape: UnsafePointer<Shape>) {
        switch shape.pointee {
        case .rect(let x, let y, let w, let h, let rx, let ry):
            lit("<rect")
            numberAttr(" x=\"", x)
            numberAttr(" y=\"", y)
            numberAttr(" width=\"", w)
            numberAttr(" height=\"", h)
            if rx > 0 { numberAttr(" rx=\"", rx) }
            if ry > 0 { numberAttr(" ry=\"", ry) }
        case .circle(let cx, let cy, let r):
            lit("<circle")
            numberAttr(" cx=\"", cx)
            numberAttr(" cy=\"", cy)
            numberAttr(" r=\"", r)
        case .ellipse(let cx, let cy, let rx, let ry):
            lit("<ellipse")
            numberAttr(" cx=\"", cx)
            numberAttr(" cy=\"", cy)
            numberAttr(" rx=\"", rx)
            numberAttr(" ry=\"", ry)
        case .line(let x1, let y1, let x2, let y2):
            lit("<line")
            numberAttr(" x1=\"", x1)
            numberAttr(" y1=\"", y1)
            numberAttr(" x2=\"", x2)
            numberAttr(" y2=\"", y2)
        default:
            preconditionFailure("not a staged shape")
        }
    }

    /// ` transform="matrix(…)"` unless the transform is, or prints as, the identity: what
    /// ``SVGMarkup/transformAttribute(_:to:)`` stages. A translation of at most one unit of
    /// the sixth decimal on the identity (``SVGMarkup/roundOffTranslation``) is not written
    /// either.
    @inline(__always)
    mutating func transform(_ t: AffineTransform) {
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1 {
            if t.tx == 0, t.ty == 0 { return }
            if abs(t.tx) <= SVGMarkup.roundOffTranslation, abs(t.ty) <= SVGMarkup.roundOffTranslation { return }
        }
        let start = count
        lit(" transform=\"")
        let m = count
        matrix(t)
        if count - m == 19, memcmp(base + m, SVGMarkup.identityMatrixBytes.utf8Start, 19) == 0 {
            count = start
            return
        }
        byte(0x22)
    }
}
