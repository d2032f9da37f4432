import LaminaCore

/// Writes a scene as `lamina.layers` JSON; walks the layer tree with an explicit stack.
struct LayerEncoder: ~Copyable {
    var writer: JSONWriter
    /// The entries' runs of every level the layers are written at.
    let runs: EntryRuns
    /// The last head's bounds and position, for its content (``KeptNumbers``).
    var kept = KeptNumbers()

    init(writer: consuming JSONWriter, runs: EntryRuns = EntryRuns()) {
        self.writer = writer
        self.runs = runs
    }

    /// Encodes the whole document, the layers' own entries written on up to `split.threads` threads.
    mutating func encode(_ scene: Scene, split: WorkSplit) {
        Self.openDocument(&writer)
        encodeLayers(scene.tree, from: scene.root, split: split)
        Self.closeDocument(scene, &writer)
    }

    /// The document's object up to the root layer's value: the format, the version and the
    /// `root` key.
    static func openDocument(_ writer: inout JSONWriter) {
        writer.openObject()
        writer.key("format")
        writer.string(LayerJSON.format)
        writer.key("version")
        writer.number(Double(LayerJSON.version))
        writer.key("root")
    }

    /// The document's object after the root layer: the resources, if any, and the close.
    static func closeDocument(_ scene: Scene, _ writer: inout JSONWriter) {
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

    /// `name` through `borderWidth` of entries at `level`, each only when not at its default;
    /// returns whether any was written. The layer is read where it is stored: passed by value
    /// from the tree's buffer, it was copied first (a retain and a release of each of its
    /// boxes), since the writer is mutated meanwhile. Written at a cursor (``EntryCursor``):
    /// one test for room for the whole group, one more after each string.
    mutating func writeHead(_ layer: UnsafePointer<Layer>, level: Int) -> Bool {
        var c = EntryCursor(p: writer.room(Self.groupRoom), runs: runs.runs(level: level), comma: false)
        if let name = layer.pointee.name {
            c.entry(.name)
            string(name, &c)
        }
        if layer.pointee.isTransformLayer {
            c.entry(.kind)
            c.literal("\"transformLayer\"")
        }
        let b = layer.pointee.bounds
        if !(PrintsAs.zero(b.x) && PrintsAs.zero(b.y) && PrintsAs.zero(b.width) && PrintsAs.zero(b.height)) {
            c.entry(.bounds)
            c.literal("[")
            c.inlineNumber(b.x, first: true, keepingIn: &kept.x)
            c.inlineNumber(b.y, keepingIn: &kept.y)
            c.inlineNumber(b.width, keepingIn: &kept.width)
            c.inlineNumber(b.height, keepingIn: &kept.height)
            c.literal("]")
        }
        let position = layer.pointee.position
        if !(PrintsAs.zero(position.x) && PrintsAs.zero(position.y)) {
            c.point(.position, position, keepingIn: &kept.positionX, &kept.positionY)
        }
        let anchor = layer.pointee.anchorPoint
        if !(PrintsAs.half(anchor.x) && PrintsAs.half(anchor.y)) { c.point(.anchorPoint, anchor) }
        // Most layers have none of the rare properties: one test skips them all.
        let rare = layer.pointee.mayHaveRareProperties
        if rare {
            c.nonZero(.anchorPointZ, layer.pointee.anchorPointZ)
            c.nonZero(.zPosition, layer.pointee.zPosition)
        }
        if let t = layer.pointee.transformIfSet { c.transform(.transform, t) }
        if rare { c.transform(.sublayerTransform, layer.pointee.sublayerTransform) }
        c.flag(.geometryFlipped, layer.pointee.geometryFlipped)
        c.flag(.masksToBounds, layer.pointee.masksToBounds)
        c.flag(.hidden, layer.pointee.hidden)
        if rare { c.nonZero(.cornerRadius, layer.pointee.cornerRadius) }
        let opacity = layer.pointee.opacity
        if !PrintsAs.one(opacity) { c.number(.opacity, opacity) }
        if !layer.pointee.allowsGroupOpacity {
            c.entry(.allowsGroupOpacity)
            c.literal("false")
        }
        if rare {
            if let color = layer.pointee.backgroundColor {
                c.entry(.backgroundColor)
                string(color, &c)
            }
            if let color = layer.pointee.borderColor {
                c.entry(.borderColor)
                string(color, &c)
            }
            c.nonZero(.borderWidth, layer.pointee.borderWidth)
        }
        writer.commit(c.p)
        return c.comma
    }

    /// `constraints` through `svg` of entries at `level`; `comma`: the object has an entry.
    /// Returns whether the object has an entry after them.
    @discardableResult
    mutating func writeTail(_ layer: UnsafePointer<Layer>, level: Int, comma: Bool) -> Bool {
        var c = EntryCursor(p: writer.room(Self.groupRoom), runs: runs.runs(level: level), comma: comma)
        if layer.pointee.mayHaveRareProperties {
            // Rare: through the general writer, as if it had written the entries before.
            writer.commit(c.p)
            writer.beginFragment(depth: level, hasEntry: c.comma)
            let before = writer.position
            writeConstraints(layer)
            c.comma = c.comma || writer.position > before
            c.p = writer.room(Self.groupRoom)
            if let m = layer.pointee.layoutManager {
                c.entry(.layoutManager)
                string(m.rawValue, &c)
            }
        }
        if !layer.pointee.autoresizingMask.isEmpty {
            writer.commit(c.p)
            writer.beginFragment(depth: level, hasEntry: c.comma)
            writer.key("autoresizingMask")
            writer.openInline()
            var first = true
            for (name, bit) in AutoresizingMask.names where layer.pointee.autoresizingMask.contains(bit) {
                writer.inlineString(name, first: first)
                first = false
            }
            writer.closeInline()
            c.comma = true
            c.p = writer.room(Self.groupRoom)
        }
        // Read in their boxes: copying them out would retain and release each reference.
        let usual: UsualElement = Layer.withContentPointer(of: layer) { writeContent($0, &c, level: level) } ?? .g
        Layer.withSVGPointer(of: layer) { writeSVG($0, &c, level: level, usual: usual) }
        writer.commit(c.p)
        return c.comma
    }

    /// `"constraints": [{…}, …]` when there are any, by the general writer.
    private mutating func writeConstraints(_ layer: UnsafePointer<Layer>) {
        guard !layer.pointee.constraints.isEmpty else { return }
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

    /// The room one group of entries without strings takes at most: 16 entries (the most a
    /// layer's head has besides strings), two transforms of 16 numbers, 16 more numbers.
    static let groupRoom = 16 * EntryRuns.entryRoom + 48 * (NumberText.maximumByteCount + 2) + 64

    /// A string value at `c`: the cursor's bytes taken, the string quoted by the writer (which
    /// tests for room as long as it is), and room again for a group after it.
    @inline(__always)
    mutating func string(_ s: String, _ c: inout EntryCursor) {
        writer.commit(c.p)
        writer.appendQuoted(s)
        c.p = writer.room(Self.groupRoom)
    }

    /// `"key": number` unless it would print as `skip` (SPEC §3: a key at its default is
    /// omitted; a value that prints as the default reads back as it). For the general writer's
    /// rare entries (constraints).
    mutating func numberKey(_ key: StaticString, _ value: Double, unless skip: Double) {
        guard !NumberText.printsSame(value, skip) else { return }
        writer.number(value, key: key)
    }

    /// `"key": "string"` when present, by the general writer.
    mutating func stringKey(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        writer.key(key)
        writer.string(value)
    }
}
