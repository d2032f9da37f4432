import LaminaCore

/// Streams a `lamina.layers` document straight into a ``Scene`` without recursion.
///
/// Layers nest through an explicit stack of open layer objects; everything else has a fixed
/// shape and is read by small helpers. Layers are created in document order (a layer, then
/// its mask, then its sublayers when written in the canonical key order).
struct LayerDecoder {
    var reader: JSONReader
    var tree = LayerTree()
    var resources: [Resource] = []
    /// Where each resource object starts (for warnings about it).
    var resourcePositions: [SourcePosition] = []
    /// Reused buffer for fixed-size number arrays.
    var scratch: [Double] = []
    /// The stores the layers' contents are decoded into, one allocation per run of contents
    /// (a `layer.content = …` made a store of one for each).
    var contents = ContentSlab()
    /// A helper reading the second half (``AheadDecode``), until its layers are taken.
    var ahead: AheadDecode?
    /// How many sublayers were taken from the helper (for tests).
    var aheadTaken = 0

    init(bytes: [UInt8], file: String, maxDepth: Int) {
        reader = JSONReader(bytes: bytes, file: file, maxDepth: maxDepth)
        tree.sourceFile = file
    }

    /// Starts a helper on the second half of a large input (``AheadDecode``).
    mutating func startAhead(minimumBytes: Int = AheadDecode.minimumBytes) {
        guard reader.bytes.count >= minimumBytes, let start = AheadDecode.start(in: reader.bytes) else { return }
        ahead = AheadDecode(bytes: reader.bytes, file: reader.file, maxDepth: reader.maxDepth, start: start)
    }

    /// Decodes the whole input.
    mutating func decodeDocument() throws(LayerJSONError) -> Scene {
        // A helper whose layers were not taken (an error, or a wrong guess) stops early.
        defer { ahead?.cancel() }
        if let bad = UTF8Validation.firstInvalidOffset(reader.bytes) {
            throw reader.error(.invalidUTF8, "invalid UTF-8", at: bad)
        }
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.pos = 3 }
        if reader.peek() == nil { throw reader.error(.syntax, "empty input (expected a lamina.layers JSON object)") }
        var format: String?
        var version: Double?
        var root: LayerID?
        let start = try readObject(Keys.document, "a JSON object (a lamina.layers document)") {
            d, key throws(LayerJSONError) in
            _ = d.reader.peek()
            let at = d.reader.pos
            switch key {
            case .format:
                let f = try d.string()
                guard f == LayerJSON.format else {
                    throw d.reader.error(.format, "expected format '\(LayerJSON.format)', found '\(f)'", at: at)
                }
                format = f
            case .version:
                let v = try d.number()
                guard v == Double(LayerJSON.version) else {
                    throw d.reader.error(.version, "unsupported version \(NumberText.format(v))", at: at)
                }
                version = v
            case .root:
                root = try d.decodeLayers()
            case .resources:
                try d.decodeResources()
            }
        }.start
        if reader.peek() != nil { throw reader.error(.syntax, "trailing characters after the document") }
        if format == nil { throw missing("format", at: start) }
        if version == nil { throw missing("version", at: start) }
        guard let root else { throw missing("root", at: start) }
        var scene = Scene(tree: tree, root: root, resources: resources)
        scene.resourcePositions = resourcePositions
        return scene
    }

    /// `resources`: an object of id → `{"kind", "xml"}`, kept in document order.
    private mutating func decodeResources() throws(LayerJSONError) {
        guard try reader.peekKind() == .object else { throw typeError("an object of resources by id") }
        reader.pos += 1
        try reader.enter()
        // Ids compared as written (by bytes, as XML compares them), not as Swift strings,
        // which would take "\u00e9" and "e\u0301" for one id.
        var ids = Set<[UInt8]>()
        if !reader.consume(UInt8(ascii: "}")) {
            repeat {
                _ = reader.peek()
                let keyStart = reader.pos
                let key = try reader.readKey()
                if !ids.insert(Array(key)).inserted { throw duplicate(key, at: keyStart) }
                let id = String(decoding: key, as: UTF8.self)
                reader.path.append(.key(id))
                var kind: Resource.Kind?
                var xml: String?
                let objStart = try readObject(Keys.resource, "a resource object") { d, key throws(LayerJSONError) in
                    switch key {
                    case .kind:
                        _ = d.reader.peek()
                        let at = d.reader.pos
                        let s = try d.string()
                        guard let k = Resource.Kind(rawValue: s) else {
                            throw d.invalid("unknown resource kind '\(s)'", at: at)
                        }
                        kind = k
                    case .xml: xml = try d.string()
                    }
                }.start
                guard let kind else { throw missing("kind", at: objStart) }
                guard let xml else { throw missing("xml", at: objStart) }
                resources.append(Resource(id: id, kind: kind, xml: xml))
                resourcePositions.append(reader.position(at: keyStart))
                reader.path.removeLast()
            } while try reader.nextOrClose(UInt8(ascii: "}"))
        }
        reader.leave()
    }

    /// One open layer object on the explicit stack.
    private struct Frame {
        var id: LayerID
        var layer = Layer()
        var seen = SeenKeys()
        var first = true
        /// Inside the `sublayers` array (else between members of the object).
        var inSublayers = false
        var sublayerCount = 0
        /// Path length to restore when this layer's object closes.
        var restore: Int
    }

    /// Reads a layer object and all layers below it; returns the top layer's id.
    mutating func decodeLayers() throws(LayerJSONError) -> LayerID {
        var stack: [Frame] = []
        let top = try openLayer(&stack, restore: reader.path.count)
        while !stack.isEmpty {
            let t = stack.count - 1
            if stack[t].inSublayers {
                if stack[t].sublayerCount == 0 ? reader.consume(UInt8(ascii: "]"))
                    : !(try reader.nextOrClose(UInt8(ascii: "]")))
                {
                    reader.leave()
                    stack[t].inSublayers = false
                    reader.path.removeLast()
                    continue
                }
                let parent = stack[t].id
                if ahead != nil {
                    let taken = takeAhead(under: parent)
                    if taken > 0 {
                        stack[t].sublayerCount += taken
                        continue
                    }
                }
                reader.path.append(.index(stack[t].sublayerCount))
                stack[t].sublayerCount += 1
                let child = try openLayer(&stack, restore: reader.path.count - 1)
                try link { (tree: inout LayerTree) throws(LayerTreeError) in try tree.addSublayer(child, to: parent) }
                continue
            }
            if stack[t].first ? reader.consume(UInt8(ascii: "}")) : !(try reader.nextOrClose(UInt8(ascii: "}"))) {
                reader.leave()
                let frame = stack.removeLast()
                tree[frame.id] = frame.layer
                reader.path.removeLast(reader.path.count - frame.restore)
                continue
            }
            stack[t].first = false
            _ = reader.peek()
            let keyStart = reader.pos
            let k: LayerKey, bit: UInt64
            switch try reader.readKey(in: Keys.layer) {
            case .known(let key, let b): (k, bit) = (key, b)
            case .other(let key):
                try otherKey(key, &stack[t].seen, at: keyStart)
                continue
            }
            if stack[t].seen.contains(bit) { throw duplicate(Array(k.rawValue.utf8)[...], at: keyStart) }
            stack[t].seen.bits |= bit
            reader.path.append(.key(k.rawValue))
            switch k {
            case .mask:
                let host = stack[t].id
                let child = try openLayer(&stack, restore: reader.path.count - 1)
                try link { (tree: inout LayerTree) throws(LayerTreeError) in try tree.setMask(child, of: host) }
            case .sublayers:
                guard try reader.peekKind() == .array else { throw typeError("an array of layers") }
                reader.pos += 1
                try reader.enter()
                stack[t].inSublayers = true
                stack[t].sublayerCount = 0
            default:
                try decodeProperty(k, into: &stack[t].layer)
                reader.path.removeLast()
            }
        }
        return top
    }

    /// Consumes a layer's `{`, makes the layer and pushes its frame.
    private mutating func openLayer(_ stack: inout [Frame], restore: Int) throws(LayerJSONError) -> LayerID {
        guard try reader.peekKind() == .object else { throw typeError("a layer object") }
        let start = reader.pos
        reader.pos += 1
        try reader.enter()
        let id = tree.make(Layer())
        tree.sourcePositions.append(reader.position(at: start))
        stack.append(Frame(id: id, restore: restore))
        return id
    }

    /// Applies a link edit; a fresh layer can never form a cycle, but the error is mapped anyway.
    private mutating func link(_ edit: (inout LayerTree) throws(LayerTreeError) -> Void) throws(LayerJSONError) {
        do {
            try edit(&tree)
        } catch {
            throw reader.error(.invalidValue, "layer cannot be linked here")
        }
    }
}
