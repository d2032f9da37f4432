import LaminaCore

/// Writes a scene as `lamina.layers` JSON; walks the layer tree with an explicit stack.
struct LayerEncoder: ~Copyable {
    var writer: JSONWriter

    init(writer: consuming JSONWriter) {
        self.writer = writer
    }

    /// Encodes the whole document, the layers' own entries written on up to `split.threads` threads.
    mutating func encode(_ scene: Scene, split: WorkSplit) {
        writer.openObject()
        writer.key("format")
        writer.string(LayerJSON.format)
        writer.key("version")
        writer.number(Double(LayerJSON.version))
        writer.key("root")
        encodeLayers(scene.tree, from: scene.root, split: split)
        if !scene.resources.isEmpty {
            writer.key("resources")
            writer.openObject()
            for r in scene.resources {
                writer.key(escaping: r.id)
                writer.openObject()
                writer.key("kind")
                writer.string(r.kind.rawValue)
                writer.key("xml")
                writer.string(r.xml)
                writer.close()
            }
            writer.close()
        }
        writer.close()
        writer.finish()
    }

    /// `name` through `borderWidth`, each only when not at its default. The layer is read where
    /// it is stored: passed by value from the tree's buffer, it was copied first (a retain and
    /// a release of each of its boxes), since the writer is mutated meanwhile.
    mutating func writeHead(_ layer: UnsafePointer<Layer>) {
        if let name = layer.pointee.name {
            writer.key("name")
            writer.string(name)
        }
        if layer.pointee.isTransformLayer {
            writer.key("kind")
            writer.string("transformLayer")
        }
        if !Self.printsAsZero(layer.pointee.bounds) {
            writer.key("bounds")
            writer.openInline()
            writer.inlineNumber(layer.pointee.bounds.x, first: true)
            writer.inlineNumber(layer.pointee.bounds.y)
            writer.inlineNumber(layer.pointee.bounds.width)
            writer.inlineNumber(layer.pointee.bounds.height)
            writer.closeInline()
        }
        pointKey("position", layer.pointee.position, unless: .zero)
        pointKey("anchorPoint", layer.pointee.anchorPoint, unless: Point(0.5, 0.5))
        // Most layers have none of the rare properties: one test skips them all.
        let rare = layer.pointee.mayHaveRareProperties
        if rare {
            numberKey("anchorPointZ", layer.pointee.anchorPointZ, unless: 0)
            numberKey("zPosition", layer.pointee.zPosition, unless: 0)
        }
        if let t = layer.pointee.transformIfSet { transformKey("transform", t) }
        if rare { transformKey("sublayerTransform", layer.pointee.sublayerTransform) }
        trueKey("geometryFlipped", layer.pointee.geometryFlipped)
        trueKey("masksToBounds", layer.pointee.masksToBounds)
        trueKey("hidden", layer.pointee.hidden)
        if rare { numberKey("cornerRadius", layer.pointee.cornerRadius, unless: 0) }
        numberKey("opacity", layer.pointee.opacity, unless: 1)
        if !layer.pointee.allowsGroupOpacity {
            writer.key("allowsGroupOpacity")
            writer.bool(false)
        }
        guard rare else { return }
        stringKey("backgroundColor", layer.pointee.backgroundColor)
        stringKey("borderColor", layer.pointee.borderColor)
        numberKey("borderWidth", layer.pointee.borderWidth, unless: 0)
    }

    /// `constraints` through `svg`.
    mutating func writeTail(_ layer: UnsafePointer<Layer>) {
        if layer.pointee.mayHaveRareProperties, !layer.pointee.constraints.isEmpty {
            writer.key("constraints")
            writer.openArray()
            for c in layer.pointee.constraints {
                writer.openObject()
                writer.key("attribute")
                writer.string(c.attribute.rawValue)
                writer.key("relativeTo")
                writer.string(c.relativeTo)
                writer.key("sourceAttribute")
                writer.string(c.sourceAttribute.rawValue)
                numberKey("scale", c.scale, unless: 1)
                numberKey("offset", c.offset, unless: 0)
                writer.close()
            }
            writer.close()
        }
        if layer.pointee.mayHaveRareProperties, let m = layer.pointee.layoutManager {
            writer.key("layoutManager")
            writer.string(m.rawValue)
        }
        if !layer.pointee.autoresizingMask.isEmpty {
            writer.key("autoresizingMask")
            writer.openInline()
            var first = true
            for (name, bit) in AutoresizingMask.names where layer.pointee.autoresizingMask.contains(bit) {
                writer.inlineString(name, first: first)
                first = false
            }
            writer.closeInline()
        }
        // Read in their boxes: copying them out would retain and release each reference.
        Layer.withContentPointer(of: layer) { writeContent($0) }
        Layer.withSVGPointer(of: layer) { writeSVG($0) }
    }

    /// `"key": [x, y]` unless it would print as `skip`.
    private mutating func pointKey(_ key: StaticString, _ p: Point, unless skip: Point) {
        guard !(NumberText.printsSame(p.x, skip.x) && NumberText.printsSame(p.y, skip.y)) else { return }
        writer.key(key)
        writer.openInline()
        writer.inlineNumber(p.x, first: true)
        writer.inlineNumber(p.y)
        writer.closeInline()
    }

    /// `"key": number` unless it would print as `skip` (SPEC §3: a key at its default is
    /// omitted; a value that prints as the default reads back as it).
    mutating func numberKey(_ key: StaticString, _ value: Double, unless skip: Double) {
        guard !NumberText.printsSame(value, skip) else { return }
        writer.number(value, key: key)
    }

    /// `"key": number` when present.
    mutating func numberKey(_ key: StaticString, _ value: Double?) {
        guard let value else { return }
        writer.number(value, key: key)
    }

    /// `"key": "string"` when present.
    mutating func stringKey(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        writer.key(key)
        writer.string(value)
    }

    private mutating func trueKey(_ key: StaticString, _ value: Bool) {
        guard value else { return }
        writer.key(key)
        writer.bool(true)
    }

    private mutating func transformKey(_ key: StaticString, _ t: Transform3D) {
        guard t != .identity else { return }
        // Decided on the printed numbers, as the transform reads back: one that prints as the
        // identity is left out, one whose other places print as 0 and 1 is written affine.
        let affine = t.isAffine || Self.printsAffine(t)
        if affine, Self.printsAsIdentity(t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) { return }
        writer.key(key)
        writer.openInline()
        if affine {
            writer.inlineNumber(t.m11, first: true)
            writer.inlineNumber(t.m12)
            writer.inlineNumber(t.m21)
            writer.inlineNumber(t.m22)
            writer.inlineNumber(t.m41)
            writer.inlineNumber(t.m42)
        } else {
            for (i, v) in t.elements.enumerated() { writer.inlineNumber(v, first: i == 0) }
        }
        writer.closeInline()
    }

    /// Whether the places an affine transform has at 0 and 1 print so.
    private static func printsAffine(_ t: Transform3D) -> Bool {
        // Tested one by one (an array of the eight was allocated for each transform).
        let z = { (v: Double) in NumberText.printsSame(v, 0) }
        return z(t.m13) && z(t.m14) && z(t.m23) && z(t.m24) && z(t.m31) && z(t.m32) && z(t.m34) && z(t.m43)
            && NumberText.printsSame(t.m33, 1) && NumberText.printsSame(t.m44, 1)
    }

    /// Whether six affine entries print as the identity's.
    private static func printsAsIdentity(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) -> Bool {
        NumberText.printsSame(a, 1) && NumberText.printsSame(b, 0) && NumberText.printsSame(c, 0)
            && NumberText.printsSame(d, 1) && NumberText.printsSame(tx, 0) && NumberText.printsSame(ty, 0)
    }

    /// Whether every number of `r` prints as 0.
    private static func printsAsZero(_ r: Rect) -> Bool {
        // Tested one by one (an array of the four was allocated for each layer).
        r == .zero
            || (NumberText.printsSame(r.x, 0) && NumberText.printsSame(r.y, 0) && NumberText.printsSame(r.width, 0)
                && NumberText.printsSame(r.height, 0))
    }
}
