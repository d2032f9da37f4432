import LaminaCore

/// Assembling the document: the head (root start tag and `<defs>`) is known only once the
/// body is written, so it goes in front of the body in place, or to a sink before it.
extension FlattenedSVG {
    /// The document bytes with markup appended by `overlay` just before `</svg>` (into the same
    /// buffer, so a large overlay is never copied), and `afterRootTag` right after the root
    /// start tag (which `editRootTag` rewrites first, when given).
    package static func bytes(
        _ list: DisplayList, scene: Scene, keepGroups: Bool, split: WorkSplit = .automatic,
        afterRootTag: [UInt8] = [], editRootTag: (([UInt8]) -> [UInt8])? = nil, overlay: (inout [UInt8]) -> Void
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096 + list.items.count * 160)
        var w = FlatWriter(list: list, scene: scene)
        w.afterRootTag = afterRootTag
        w.editRootTag = editRootTag
        w.writeDocument(keepGroups: keepGroups, split: split) { out.append(contentsOf: $0) }
        overlay(&out)
        SVGMarkup.lit("</svg>\n", to: &out)
        return out
    }

    /// Streams ``bytes(_:scene:options:)`` to `sink` in pieces (head, then the body in chunks,
    /// then the end), so the document is never assembled in one buffer.
    ///
    ///     FlattenedSVG.write(list, scene: scene) { chunk in file.write(chunk) }
    public static func write(
        _ list: DisplayList, scene: Scene, options: Options = Options(), into sink: (UnsafeRawBufferPointer) -> Void
    ) {
        stream(list, scene: scene, keepGroups: options.keepGroups, split: options.split, into: sink) { out, _ in
            if let overlay = options.overlay {
                out.append(contentsOf: overlay.utf8)
                if !overlay.hasSuffix("\n") { out.append(0x0A) }
            }
        }
    }

    /// Streams the document to `sink`: head (with `afterRootTag` right after the root start
    /// tag), body, then what `overlay` appends to a fresh buffer (it may hand full pieces to the
    /// flush function it is given), then `</svg>`.
    package static func stream(
        _ list: DisplayList, scene: Scene, keepGroups: Bool, split: WorkSplit = .automatic,
        afterRootTag: [UInt8] = [], editRootTag: (([UInt8]) -> [UInt8])? = nil, into sink: (UnsafeRawBufferPointer) -> Void,
        overlay: (inout [UInt8], _ flush: (inout [UInt8]) -> Void) -> Void
    ) {
        var w = FlatWriter(list: list, scene: scene)
        w.afterRootTag = afterRootTag
        w.editRootTag = editRootTag
        w.writeDocument(keepGroups: keepGroups, split: split, into: sink)
        var out: [UInt8] = []
        withoutActuallyEscaping(sink) { sink in
            let flush: (inout [UInt8]) -> Void = { buffer in
                buffer.withUnsafeBytes(sink)
                buffer.removeAll(keepingCapacity: true)
            }
            overlay(&out, flush)
        }
        SVGMarkup.lit("</svg>\n", to: &out)
        out.withUnsafeBytes(sink)
    }
}

extension FlatWriter {
    /// The root start tag and the `<defs>` (resources in use, then generated clips and masks);
    /// called once the ids the body uses are made. `bodyHasXlink`: the body holds `xlink:`.
    func head(bodyHasXlink: Bool) -> [UInt8] {
        let usedResources = resourcesInUse()
        var needsXlink = false
        for r in usedResources where SVGMarkup.contains(r.xml, "xlink:") { needsXlink = true }
        if bodyHasXlink { needsXlink = true }
        var head: [UInt8] = []
        SVGMarkup.lit("<svg xmlns=\"http://www.w3.org/2000/svg\"", to: &head)
        if needsXlink { SVGMarkup.lit(" xmlns:xlink=\"http://www.w3.org/1999/xlink\"", to: &head) }
        let o = list.output
        if let v = o.width { SVGMarkup.attr("width", v, to: &head) }
        if let v = o.height { SVGMarkup.attr("height", v, to: &head) }
        if let v = o.viewBox { SVGMarkup.attr("viewBox", v, to: &head) }
        if let v = o.preserveAspectRatio { SVGMarkup.attr("preserveAspectRatio", v, to: &head) }
        if let v = o.style { SVGMarkup.attr("style", v, to: &head) }
        if let v = o.xmlSpace { SVGMarkup.attr("xml:space", v, to: &head) }
        if let v = o.fontFamily { SVGMarkup.attr("font-family", v, to: &head) }
        SVGMarkup.lit(">\n", to: &head)
        if let edit = editRootTag { head = edit(head) }
        head += afterRootTag
        if !usedResources.isEmpty || !defs.isEmpty {
            SVGMarkup.lit("<defs>\n", to: &head)
            for r in usedResources {
                SVGMarkup.raw(r.xml, to: &head)
                head.append(0x0A)
            }
            head.append(contentsOf: defs)
            SVGMarkup.lit("</defs>\n", to: &head)
        }
        return head
    }
}

extension FlattenedSVG {
    /// The offset just past the root start tag and the newline after it in a flattened export
    /// (`flat`, the bytes of ``bytes(_:scene:options:)``): where ``FlatWriter/afterRootTag`` goes.
    /// The tag's attribute values are quoted with `"` and hold none (it is escaped).
    package static func rootTagEnd(_ flat: [UInt8]) -> Int {
        var quoted = false
        for (i, b) in flat.enumerated() {
            if b == 0x22 { quoted.toggle() }
            guard b == 0x3E, !quoted else { continue }
            return i + 1 < flat.count && flat[i + 1] == 0x0A ? i + 2 : i + 1
        }
        return flat.count
    }
}
