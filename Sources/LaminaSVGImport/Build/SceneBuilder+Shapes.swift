import LaminaCore

extension SceneBuilder {
    /// A basic shape or path: a layer whose content is the shape with its computed paint.
    mutating func buildShape(_ w: Work) throws(SVGImportError) {
        let (style, declarations, _) = computeStyle(of: w)
        let transform = transformAttribute(w.element, declarations, viewport: w.viewport, fontSize: style.fontSize)
        guard let (shape, box) = shapeGeometry(w, fontSize: style.fontSize) else {
            let layer = try makeLayer(w, style: style, transform: transform)
            noteFillBox(layer, w.element, declarations, fontSize: style.fontSize)
            return
        }
        // The content is built where the layer keeps it, a slot of the builder's current store
        // (``ContentSlab``): made in a local and handed to the layer, it was copied (a `Content`
        // copy and destroy, two 176-byte moves and the setter's checks: 1.8 % of a drawing of
        // 10,000 shapes); in a box of its own, it cost a `malloc` and 32 more bytes.
        // (Read and written through its address: the slab, then the layer, keeps the store.)
        let place = contentSlab.append(Content(shape: shape))
        let content = place.pointer
        style.applyPaint(to: &content.pointee, viewport: w.viewport, shape: true)
        let requested = resources.order.count
        // Only a paint server reference has anything to check (a color is its own answer). The
        // tests are patterns, not `.map` or `== .color(…)`: either made a `Paint?` or a tuple of
        // two that Swift destroyed through the runtime's generic witness, 146 instructions each.
        // (A paint that is not an opaque color or `none` is in a box of its own: `PaintSlot`.)
        if case .other(let box) = content.pointee.fillSlot, case .ref = box.value {
            content.pointee.fill = checkedPaint(box.value, element: w.element)
        }
        if case .other(let box) = content.pointee.strokeSlot, case .ref = box.value {
            content.pointee.stroke = checkedPaint(box.value, element: w.element)
        }
        if content.pointee.fillSlot.isBlack { content.pointee.fillSlot = .unset }
        if !content.pointee.extra.isEmpty { requestMarkers(content.pointee.extra) }
        // The author's length of the path, which dash arrays and offsets are measured against
        // (line-drawing animations set `pathLength="1"`): kept as written when it is a number > 0.
        if hasPathLength, let text = tree[w.element].attribute("pathLength"), let list = Length.parseNumberList(text[...]), list.count == 1,
            list[0] > 0, list[0].isFinite
        {
            content.pointee.extra.append(StyleProperty("pathLength", NumberText.format(list[0])))
        }
        let contentRequested = resources.order.count
        // Consumed: the slab's reference to the store becomes the layer's (the pointer stays
        // valid, the layer keeping the store), no retain for the call and release at the end.
        let layer = try makeLayer(w, style: style, transform: transform, content: consume place)
        // The layer's mask and filter go before its paint servers and markers, in the order the
        // output refers to them (the group that masks or filters the shape comes first), so
        // that the output's defs keep their order when it is read back.
        resources.moveToFront(from: requested, contentRequested)
        pending[layer.index].box = box
        noteFillBox(
            layer, w.element, declarations, fontSize: style.fontSize,
            stroke: Self.strokeOutline(style, viewport: w.viewport))
        if let context = style.contextPaint, w.context != .clip {
            // The paint as built here (a later change to the layer's content would copy the
            // box, which this reference keeps shared).
            noteContextServer(layer, style.fillPaint, content.pointee.fill, context, stroke: false)
            noteContextServer(layer, style.strokePaint, content.pointee.stroke, context, stroke: true)
        }
    }

    /// The shape and its fill box, or nil when SVG says it is not rendered.
    mutating func shapeGeometry(_ w: Work, fontSize: Double) -> (Shape, Rect)? {
        let e = w.element
        let kind = tree.kind(e)
        switch kind {
        case .polyline, .polygon, .path:
            // The prefetch's geometry is read where it is kept: only the shape is copied.
            if let g = prefetch?.geometryAddress(e), let box = g.pointee?.box {
                let shape = g.pointee?.shape
                if let warning = g.pointee?.warning { warn(warning, e) }
                guard let shape else { return nil }
                return (shape, box)
            }
            var list: ListGeometry
            if let known = geometryMemo[e] {
                list = known
            } else {
                list = Self.listGeometry(in: tree, roles: attributeRoles, e)
                // Remembered from the second build on, as declarations are: most elements are
                // built once, and an insert for each cost 1.1 % of a drawing of 10,000 shapes.
                if elementFlags[e] & Self.geometryOnce != 0 {
                    geometryMemo[e] = list
                } else {
                    elementFlags[e] |= Self.geometryOnce
                }
            }
            if let warning = list.warning { warn(warning, e) }
            // Moved out, not copied: the list is destroyed with nothing left in it to release.
            guard let shape = list.shape.take() else { return nil }
            return (shape, list.box)
        default:
            guard let names = ShapeAttributes.names(of: kind) else { return nil }
            return Self.basicShapeGeometry(
                kind, names, w, fontSize: fontSize, rootFontSize: rootFontSize, tree: tree, roles: attributeRoles)
        }
    }

    /// ``shapeGeometry(_:fontSize:)`` of a `rect`, `circle`, `ellipse` or `line` (`kind`, whose
    /// attribute names are `names`). A static function given the tree: the builder's copy of
    /// it in a local (so that the length readers, nested functions, did not copy the builder)
    /// retained and released its table and array for every shape.
    private static func basicShapeGeometry(
        _ kind: ElementKind, _ names: ShapeAttributes.Names, _ w: Work, fontSize: Double, rootFontSize: Double,
        tree: ElementTree, roles: AttributeRoles
    ) -> (Shape, Rect)? {
        let vw = w.viewport.width, vh = w.viewport.height
        // Each basic shape's attributes are found in one pass (``ShapeAttributes``), then read
        // by their place in its list of names.
        let a = ShapeAttributes(names, of: w.element, in: tree.table, roles: roles)
        func x(_ k: Int) -> Double? { length(in: tree, slot: a[k], percentOf: vw, fontSize: fontSize, rootFontSize: rootFontSize) }
        func y(_ k: Int) -> Double? { length(in: tree, slot: a[k], percentOf: vh, fontSize: fontSize, rootFontSize: rootFontSize) }
        switch kind {
        case .rect:
            guard let width = x(2), let height = y(3), width > 0, height > 0 else { return nil }
            let px = x(0) ?? 0, py = y(1) ?? 0
            var rx = x(4).flatMap { $0 >= 0 ? $0 : nil }
            var ry = y(5).flatMap { $0 >= 0 ? $0 : nil }
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            let rxv = min(rx ?? 0, width / 2), ryv = min(ry ?? 0, height / 2)
            let (frx, fry) = rxv == 0 || ryv == 0 ? (0.0, 0.0) : (rxv, ryv)
            return (.rect(x: px, y: py, width: width, height: height, rx: frx, ry: fry), Rect(px, py, width, height))
        case .circle:
            let diagonal = w.viewport.normalizedDiagonal
            guard let r = length(in: tree, slot: a[2], percentOf: diagonal, fontSize: fontSize, rootFontSize: rootFontSize),
                r > 0
            else { return nil }
            let cx = x(0) ?? 0, cy = y(1) ?? 0
            return (.circle(cx: cx, cy: cy, r: r), Rect(cx - r, cy - r, 2 * r, 2 * r))
        case .ellipse:
            var rx = x(2).flatMap { $0 >= 0 ? $0 : nil }
            var ry = y(3).flatMap { $0 >= 0 ? $0 : nil }
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            guard let erx = rx, let ery = ry, erx > 0, ery > 0 else { return nil }
            let cx = x(0) ?? 0, cy = y(1) ?? 0
            return (.ellipse(cx: cx, cy: cy, rx: erx, ry: ery), Rect(cx - erx, cy - ery, 2 * erx, 2 * ery))
        case .line:
            let x1 = x(0) ?? 0, y1 = y(1) ?? 0, x2 = x(2) ?? 0, y2 = y(3) ?? 0
            return (.line(x1: x1, y1: y1, x2: x2, y2: y2), Rect.boundingBox(of: [Point(x1, y1), Point(x2, y2)]))
        default:
            return nil
        }
    }

    /// The geometry of a `path`, `polygon` or `polyline` (nil when not rendered) and the warning
    /// its data gives: a pure function of the document (no viewport or font size involved).
    /// The shape and its box are stored apart, not as a `(Shape, Rect)?`: Swift copies and
    /// destroys an optional tuple through the runtime's generic tuple witnesses (about 260
    /// instructions for each copy of a path's geometry out of the prefetch).
    struct ListGeometry: Sendable {
        /// Nil when the element is not rendered.
        var shape: Shape?
        var box = Rect.null
        var warning: String?
    }

    /// ``ListGeometry`` of element `e` (a `path`, `polygon` or `polyline`) of `tree`, whose
    /// attribute names' roles are `roles`.
    static func listGeometry(in tree: ElementTree, roles: AttributeRoles, _ e: Int) -> ListGeometry {
        switch tree.kind(e) {
        case .polyline, .polygon:
            let slot = roles.slot(geometry: AttributeRoles.points, of: e, in: tree.table)
            let points = slot.map { tree.withAttributeBytes(slot: $0) { Self.points(bytes: $0) } } ?? []
            guard points.count >= 2 else { return ListGeometry() }
            let box = Rect.boundingBox(of: points)
            return ListGeometry(shape: tree.kind(e) == .polygon ? .polygon(points) : .polyline(points), box: box)
        case .path:
            // Valid data (the common case) is read once for its bounds, keeping no segments,
            // from the attribute's bytes; after an error the segments before it are parsed
            // again and written out.
            guard let slot = roles.slot(geometry: AttributeRoles.pathData, of: e, in: tree.table) else { return ListGeometry() }
            let (scanned, shape) = tree.withAttributeBytes(slot: slot) { b -> ((bounds: Rect, draws: Bool, error: PathData.ParseError?), Shape?) in
                let scanned = PathData.scanBounds(bytes: b)
                guard scanned.draws else { return (scanned, nil) }
                // Data that parsed whole is ASCII; when neither end is white space (nearly always)
                // there is nothing to trim, and the text is its bytes: the trim's checks cost
                // ~220 instructions a path.
                let text: String
                if scanned.error != nil {
                    text = PathData.parse(String(decoding: b, as: UTF8.self)).path.svgText()
                } else if let first = b.first, let last = b.last, first > 0x20, last > 0x20 {
                    text = String(decoding: b, as: UTF8.self)
                } else {
                    text = String.trimming(b, in: " \t\n\r")
                }
                return (scanned, .path(text))
            }
            let warning = scanned.error.map { "invalid path data at offset \($0.offset): \($0.message)" }
            guard let shape else { return ListGeometry(warning: warning) }
            let box = scanned.bounds
            guard !box.isNull, box.origin.isFinite, box.width.isFinite, box.height.isFinite else {
                return ListGeometry(warning: warning)
            }
            return ListGeometry(shape: shape, box: box, warning: warning)
        default:
            return ListGeometry()
        }
    }

    /// `points`: number pairs up to the first error; an odd last coordinate is dropped.
    static func points(_ text: String) -> [Point] {
        NumberScanner.scan(text) { sc -> [Point] in points(scanner: &sc) }
    }

    /// `points` from UTF-8 bytes.
    static func points(bytes: UnsafeBufferPointer<UInt8>) -> [Point] {
        var sc = NumberScanner(bytes)
        return points(scanner: &sc)
    }

    /// The pairs are read into a scratch buffer of the most points the text can hold, then
    /// copied into an array of the exact size: one allocation instead of one per doubling (four
    /// or five for a polygon of a few points: 73,000 of the 416,000 allocations of a
    /// 100,000-element drawing).
    private static func points(scanner sc: inout NumberScanner) -> [Point] {
        // A number takes at least one byte and two numbers at least three ("1-2"): at most
        // (n + 1) / 4 pairs in n bytes.
        let most = (sc.bytes.count - sc.index + 1) / 4 + 1
        return withUnsafeTemporaryAllocation(of: Point.self, capacity: most) { scratch in
            var count = 0
            sc.skipSpaces()
            // A pair a step (``NumberScanner/number()`` gives finite values only): a pending x
            // as an optional cost ~20 instructions a number.
            while count < most {
                guard !sc.isAtEnd, let x = sc.number() else { break }
                sc.skipCommaSpaces()
                guard !sc.isAtEnd, let y = sc.number() else { break }
                sc.skipCommaSpaces()
                scratch.initializeElement(at: count, to: Point(x, y))
                count += 1
            }
            return Array(UnsafeBufferPointer(rebasing: scratch[..<count]))
        }
    }

    /// A paint server reference that resolves: requested as a resource; otherwise its
    /// fallback, or none.
    mutating func checkedPaint(_ p: Paint, element: Int) -> Paint {
        let valid = validPaint(p)
        if case .ref(let id, _) = valid { resources.request(id) }
        return valid
    }

    /// A paint server reference that resolves, as it is; otherwise its fallback, or none:
    /// ``checkedPaint(_:element:)`` without the request (markup requests what it writes,
    /// ``markup(of:parentStyle:viewport:asLayerContent:rootStyle:percentsOf:kept:rootIsResource:)``).
    func validPaint(_ p: Paint) -> Paint {
        guard case .ref(let id, let fallback) = p else { return p }
        if let target = self.element(id: id),
            ["linearGradient", "radialGradient", "pattern"].contains(tree[target].name), tree[target].isSVG
        {
            return p
        }
        if let fallback, fallback != "none" { return .color(fallback) }
        return .none
    }
}
