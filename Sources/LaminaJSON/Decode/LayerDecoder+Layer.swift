import LaminaCore

/// The plain (non-nesting) properties of a layer object.
extension LayerDecoder {
    /// Reads the value of layer key `key` into `layer` (not `mask` or `sublayers`).
    mutating func decodeProperty(_ key: LayerKey, into layer: inout Layer) throws(LayerJSONError) {
        switch key {
        case .name: layer.name = try string()
        case .kind: layer.isTransformLayer = try choice(["layer", "transformLayer"]) == "transformLayer"
        case .bounds:
            try fixedNumbers(4)
            layer.bounds = Rect(scratch[0], scratch[1], scratch[2], scratch[3])
        case .position:
            try fixedNumbers(2)
            layer.position = Point(scratch[0], scratch[1])
        case .anchorPoint:
            try fixedNumbers(2)
            layer.anchorPoint = Point(scratch[0], scratch[1])
        case .anchorPointZ: layer.anchorPointZ = try number()
        case .zPosition: layer.zPosition = try number()
        case .transform: layer.transform = try transform()
        case .sublayerTransform: layer.sublayerTransform = try transform()
        case .geometryFlipped: layer.geometryFlipped = try bool()
        case .masksToBounds: layer.masksToBounds = try bool()
        case .hidden: layer.hidden = try bool()
        case .cornerRadius: layer.cornerRadius = try number()
        case .opacity: layer.opacity = try unitNumber()
        case .allowsGroupOpacity: layer.allowsGroupOpacity = try bool()
        case .backgroundColor: layer.backgroundColor = try color()
        case .borderColor: layer.borderColor = try color()
        case .borderWidth: layer.borderWidth = try number()
        case .constraints: layer.constraints = try constraints()
        case .layoutManager:
            _ = reader.peek()
            let at = reader.pos
            let s = try string()
            guard let m = LayoutManagerKind(rawValue: s) else {
                throw invalid("unknown layoutManager '\(s)' (expected 'constraint')", at: at)
            }
            layer.layoutManager = m
        case .autoresizingMask: layer.autoresizingMask = try autoresizingMask()
        case .content: layer.setContent(contents.append(try content()))
        case .svg: layer.svg = try svgInfo()
        case .mask, .sublayers: break  // handled by the layer loop
        }
    }

    /// `[a,b,c,d,tx,ty]` or 16 numbers in `m11…m44` order.
    private mutating func transform() throws(LayerJSONError) -> Transform3D {
        _ = reader.peek()
        let start = reader.pos
        var buf = scratch
        scratch = []  // `buf` is now the only reference: no copy when it is cleared and filled
        buf.removeAll(keepingCapacity: true)
        try readNumbers(into: &buf, "an array of 6 or 16 numbers")
        scratch = buf
        if buf.count == 6 { return Transform3D(AffineTransform(buf[0], buf[1], buf[2], buf[3], buf[4], buf[5])) }
        if buf.count == 16, let t = Transform3D(elements: buf) { return t }
        throw invalid("expected 6 (affine) or 16 numbers, found \(buf.count)", at: start)
    }

    /// The names of `AutoresizingMask`, any order, duplicates allowed.
    private mutating func autoresizingMask() throws(LayerJSONError) -> AutoresizingMask {
        var mask: AutoresizingMask = []
        try readArray("an array of autoresizing names") { d, _ throws(LayerJSONError) in
            _ = d.reader.peek()
            let at = d.reader.pos
            let s = try d.string()
            guard let bit = AutoresizingMask.names.first(where: { $0.0 == s })?.1 else {
                let all = AutoresizingMask.names.map { "'\($0.0)'" }.joined(separator: ", ")
                throw d.invalid("unknown autoresizing name '\(s)' (expected one of \(all))", at: at)
            }
            mask.insert(bit)
        }
        return mask
    }

    /// The `constraints` list.
    private mutating func constraints() throws(LayerJSONError) -> [Constraint] {
        var out: [Constraint] = []
        try readArray("an array of constraints") { d, _ throws(LayerJSONError) in
            _ = d.reader.peek()
            let objStart = d.reader.pos
            var attribute: ConstraintAttribute?
            var source: ConstraintAttribute?
            var relativeTo: String?
            var scale = 1.0
            var offset = 0.0
            try d.readObject(Keys.constraint, "a constraint object") { d, key throws(LayerJSONError) in
                switch key {
                case .attribute: attribute = try d.constraintAttribute()
                case .sourceAttribute: source = try d.constraintAttribute()
                case .relativeTo: relativeTo = try d.string()
                case .scale: scale = try d.number()
                case .offset: offset = try d.number()
                }
            }
            guard let attribute else { throw d.missing("attribute", at: objStart) }
            guard let relativeTo else { throw d.missing("relativeTo", at: objStart) }
            guard let source else { throw d.missing("sourceAttribute", at: objStart) }
            out.append(
                Constraint(
                    attribute: attribute, relativeTo: relativeTo, sourceAttribute: source, scale: scale,
                    offset: offset, location: d.reader.location(at: objStart)))
        }
        return out
    }

    private mutating func constraintAttribute() throws(LayerJSONError) -> ConstraintAttribute {
        _ = reader.peek()
        let at = reader.pos
        let s = try string()
        guard let a = ConstraintAttribute(rawValue: s) else {
            let all = ConstraintAttribute.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw invalid("unknown constraint attribute '\(s)' (expected one of \(all))", at: at)
        }
        return a
    }
}
