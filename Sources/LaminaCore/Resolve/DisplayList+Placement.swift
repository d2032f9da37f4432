/// Placing shapes in output space: affine transforms, or projection through a homography.
extension DisplayList {
    /// The tolerance, in output units, within which projected curves follow the true image.
    static let projectionTolerance = 0.1

    /// The geometry of `shape` placed by `map`: affine when the map is, else the path projected.
    ///
    /// Returns nil for a verbatim SVG element under a projective map (it cannot be projected;
    /// the caller falls back to the affine part).
    ///
    /// `planes` are the earlier eye planes of the shape's layer (``LayerTree/eyePlanes(of:)``):
    /// the part behind one of them is cut away, as the part behind the map's own eye is.
    static func place(_ shape: Shape, by map: Homography, inFrontOf planes: [Homography] = []) -> ItemGeometry? {
        if map.isAffine, planes.isEmpty { return .transformed(map.affine) }
        guard let path = pathData(of: shape) else { return nil }
        return .projected(pathData: path.transformed(by: map, inFrontOf: planes, tolerance: projectionTolerance).svgText())
    }

    /// The shape as path data (nil for a verbatim element).
    static func pathData(of shape: Shape) -> PathData? {
        switch shape {
        case .rect(let x, let y, let w, let h, let rx0, let ry0):
            return roundedRect(x: x, y: y, width: w, height: h, rx: rx0, ry: ry0)
        case .circle(let cx, let cy, let r):
            return ellipse(cx: cx, cy: cy, rx: r, ry: r)
        case .ellipse(let cx, let cy, let rx, let ry):
            return ellipse(cx: cx, cy: cy, rx: rx, ry: ry)
        case .line(let x1, let y1, let x2, let y2):
            return PathData(segments: [.moveTo(Point(x1, y1)), .lineTo(Point(x2, y2))])
        case .polyline(let pts), .polygon(let pts):
            var segs: [PathSegment] = []
            for (i, p) in pts.enumerated() { segs.append(i == 0 ? .moveTo(p) : .lineTo(p)) }
            if case .polygon = shape, !pts.isEmpty { segs.append(.close) }
            return PathData(segments: segs)
        case .path(let d):
            return PathData.parse(d).path
        case .svg:
            return nil
        }
    }

    /// A rectangle with SVG's corner rules (a missing radius takes the other, both clamped to half the side).
    static func roundedRect(x: Double, y: Double, width w: Double, height h: Double, rx rx0: Double, ry ry0: Double) -> PathData {
        guard w > 0, h > 0 else { return PathData() }
        var rx = rx0 > 0 ? rx0 : ry0, ry = ry0 > 0 ? ry0 : rx0
        rx = max(0, min(rx, w / 2)); ry = max(0, min(ry, h / 2))
        if rx == 0 || ry == 0 {
            return PathData(segments: [
                .moveTo(Point(x, y)), .lineTo(Point(x + w, y)), .lineTo(Point(x + w, y + h)), .lineTo(Point(x, y + h)), .close,
            ])
        }
        func arc(_ p: Point) -> PathSegment { .arcTo(rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, to: p) }
        return PathData(segments: [
            .moveTo(Point(x + rx, y)), .lineTo(Point(x + w - rx, y)), arc(Point(x + w, y + ry)),
            .lineTo(Point(x + w, y + h - ry)), arc(Point(x + w - rx, y + h)), .lineTo(Point(x + rx, y + h)),
            arc(Point(x, y + h - ry)), .lineTo(Point(x, y + ry)), arc(Point(x + rx, y)), .close,
        ])
    }

    /// An ellipse as two half arcs.
    static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> PathData {
        guard rx > 0, ry > 0 else { return PathData() }
        func arc(_ p: Point) -> PathSegment { .arcTo(rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, to: p) }
        return PathData(segments: [
            .moveTo(Point(cx + rx, cy)), arc(Point(cx - rx, cy)), arc(Point(cx + rx, cy)), .close,
        ])
    }

    /// The bounds rectangle of a layer rounded by its corner radius clamped to half the shorter side.
    static func boundsShape(of layer: Layer) -> Shape {
        let b = layer.bounds.standardized
        let r = max(0, min(layer.cornerRadius, min(b.width, b.height) / 2))
        return .rect(x: b.x, y: b.y, width: b.width, height: b.height, rx: r, ry: r)
    }

    /// What a layer part draws: the background as a filled rounded rect, the border as a
    /// rounded rect stroked inside the bounds (its width clamped to half the shorter side),
    /// the content as stored. Every writer draws parts through this.
    public static func content(of part: PaintPart, of layer: Layer) -> Content? {
        switch part {
        case .contents:
            return layer.content
        case .background:
            guard let color = layer.backgroundColor else { return nil }
            var c = Content(shape: boundsShape(of: layer))
            c.fill = .color(color)
            return c
        case .border:
            let b = layer.bounds.standardized
            let w = borderStrokeWidth(of: layer, standardizedBounds: b)
            guard w > 0 else { return nil }
            let corner = max(0, min(layer.cornerRadius, min(b.width, b.height) / 2))
            if corner > 0, corner < w / 2 {
                // A stroke's outer corner has radius rx + w/2, so it cannot follow a corner
                // rounder than half the width: fill the ring between the rounded bounds and
                // the inner rectangle instead (the inner corner's radius, corner - w, is 0).
                var ring = roundedRect(x: b.x, y: b.y, width: b.width, height: b.height, rx: corner, ry: corner)
                let inner = roundedRect(x: b.x + w, y: b.y + w, width: b.width - 2 * w, height: b.height - 2 * w, rx: 0, ry: 0)
                ring.segments += inner.segments
                var c = Content(shape: .path(ring.svgText()))
                c.fill = .color(layer.borderColor ?? "#000000")
                c.fillRule = "evenodd"
                return c
            }
            let r = max(0, corner - w / 2)
            var c = Content(
                shape: .rect(x: b.x + w / 2, y: b.y + w / 2, width: b.width - w, height: b.height - w, rx: r, ry: r))
            c.fill = Paint.none
            c.stroke = .color(layer.borderColor ?? "#000000")
            c.strokeWidth = w
            return c
        }
    }

    /// Whether a layer part draws anything: exactly when ``content(of:of:)`` is not nil, without
    /// building (or copying out) the content. Inlined, so that the resolver reads the layer in
    /// place rather than copying it into an argument.
    @inline(__always)
    static func draws(_ part: PaintPart, of layer: Layer) -> Bool {
        switch part {
        case .contents:
            return layer.hasContent
        case .background:
            return layer.backgroundColor != nil
        case .border:
            return borderStrokeWidth(of: layer, standardizedBounds: layer.bounds.standardized) > 0
        }
    }

    /// The border's stroke width: `borderWidth` clamped to half the shorter side of the bounds.
    static func borderStrokeWidth(of layer: Layer, standardizedBounds b: Rect) -> Double {
        min(layer.borderWidth, min(b.width, b.height) / 2)
    }

    /// Whether `map` keeps some of `rect` in front of the eye (w > 0); w is linear, so the
    /// corners decide. A shape partly behind is drawn clipped at the eye plane, as Core
    /// Animation draws it (`PathData.clippedToFront(of:)`).
    static func inFront(_ rect: Rect, under map: Homography) -> Bool {
        if map.isAffine { return true }
        if rect.isNull { return true }
        return rect.corners.contains { map.applyHomogeneous($0).w > 1e-9 }
    }
}
