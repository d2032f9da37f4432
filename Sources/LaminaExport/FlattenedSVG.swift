import LaminaCore

/// The flattened SVG writer (SPEC §6): one element per drawable, groups only where compositing needs them.
public enum FlattenedSVG {
    /// Writer options.
    public struct Options: Hashable, Sendable {
        /// One `<g>` per layer instead of flat drawables (`--keep-groups`).
        public var keepGroups: Bool
        /// Extra markup inserted just before `</svg>` (the debug overlay).
        public var overlay: String?

        /// Options with flat output and no overlay by default.
        public init(keepGroups: Bool = false, overlay: String? = nil) {
            self.keepGroups = keepGroups
            self.overlay = overlay
        }
    }

    /// Writes the display list of `scene` as one SVG document (deterministic, final newline).
    public static func write(_ list: DisplayList, scene: Scene, options: Options = Options()) -> String {
        var w = FlatWriter(list: list, scene: scene)
        if options.keepGroups { w.writeLayerGroups() } else { w.writeBody() }
        return w.document(overlay: options.overlay)
    }
}

/// The state of writing one document: the body is written first, so that the definitions
/// it uses (clip variants, masks, resources) are known when the `<defs>` is assembled.
struct FlatWriter {
    let list: DisplayList
    let scene: Scene
    var body = ""
    var defs = ""
    /// Ids that generated ids must avoid (every id inside resources).
    var reserved: Set<String> = []
    var nextClip = 1
    var nextMask = 1
    /// Clip variant ids by (node, space group or -1).
    var clipIDs: [ClipKey: String] = [:]
    var maskIDs: [Int: String] = [:]
    /// Clip definitions by their text after the id, so identical ones share an id.
    var clipDefs: [String: String] = [:]
    /// Map from each space-establishing group's space to output space (by group index).
    var spaceToOutput: [Int: AffineTransform] = [:]

    struct ClipKey: Hashable {
        var node: Int
        var space: AffineTransform?
    }

    init(list: DisplayList, scene: Scene) {
        self.list = list
        self.scene = scene
        for r in scene.resources { Self.collectIDs(in: r.xml, into: &reserved) }
        for (i, g) in list.groups.enumerated() {
            guard let s = g.space else { continue }
            let outer = g.parent.flatMap { spaceGroup(containing: $0) }.flatMap { spaceToOutput[$0] } ?? .identity
            spaceToOutput[i] = s.concatenating(outer)
        }
    }

    /// The document: root element, defs, body, overlay.
    func document(overlay: String?) -> String {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\""
        let usedResources = resourcesInUse()
        var needsXlink = false
        for r in usedResources where Self.containsXlink(r.xml) { needsXlink = true }
        if Self.containsXlink(body) { needsXlink = true }
        if needsXlink { out += " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" }
        let o = list.output
        if let v = o.width { SVGMarkup.attr("width", v, to: &out) }
        if let v = o.height { SVGMarkup.attr("height", v, to: &out) }
        if let v = o.viewBox { SVGMarkup.attr("viewBox", v, to: &out) }
        if let v = o.preserveAspectRatio { SVGMarkup.attr("preserveAspectRatio", v, to: &out) }
        out += ">\n"
        if !usedResources.isEmpty || !defs.isEmpty {
            out += "<defs>\n"
            for r in usedResources {
                out += r.xml
                out += "\n"
            }
            out += defs
            out += "</defs>\n"
        }
        out += body
        if let overlay {
            out += overlay
            if !overlay.hasSuffix("\n") { out += "\n" }
        }
        out += "</svg>\n"
        return out
    }

    /// Whether the text holds `xlink:` (a byte search: linear, no grapheme breaking).
    static func containsXlink(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buf -> Bool in
            guard buf.count >= 6 else { return false }
            var i = 0
            let last = buf.count - 6
            while i <= last {
                if buf[i] == 0x78, buf[i + 1] == 0x6C, buf[i + 2] == 0x69, buf[i + 3] == 0x6E, buf[i + 4] == 0x6B, buf[i + 5] == 0x3A {
                    return true
                }
                i += 1
            }
            return false
        }
    }

    /// The innermost group at or above `g` that establishes a coordinate space.
    func spaceGroup(containing g: Int) -> Int? {
        var cur: Int? = g
        var steps = 0
        while let c = cur, steps <= list.groups.count {
            if list.groups[c].space != nil { return c }
            cur = list.groups[c].parent
            steps += 1
        }
        return nil
    }

    /// The map from output space into the user space of group `g`'s contents (nil: output space).
    func spaceInverse(_ g: Int?) -> AffineTransform? {
        g.flatMap { spaceGroup(containing: $0) }.flatMap { spaceToOutput[$0]?.inverted() }
    }

    /// Every `id="…"` value in a piece of markup.
    static func collectIDs(in xml: String, into set: inout Set<String>) {
        var rest = Substring(xml)
        while let r = rest.firstRange(of: " id=\"") {
            let after = rest[r.upperBound...]
            guard let end = after.firstIndex(of: "\"") else { return }
            set.insert(String(after[..<end]))
            rest = after[end...]
        }
    }

    /// A fresh generated id that no resource uses.
    func generatedID(_ prefix: String, counter: inout Int) -> String {
        while true {
            let id = "\(prefix)\(counter)"
            counter += 1
            if !reserved.contains(id) { return id }
        }
    }
}
