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
    /// The innermost space-establishing group at or above each group.
    var spaceOf: [Int?] = []

    struct ClipKey: Hashable {
        var node: Int
        var space: AffineTransform?
    }

    init(list: DisplayList, scene: Scene) {
        self.list = list
        self.scene = scene
        for r in scene.resources { Self.collectIDs(in: r.xml, into: &reserved) }
        // Groups are numbered parents first, so one forward pass resolves every space.
        spaceOf = Array(repeating: nil, count: list.groups.count)
        for (i, g) in list.groups.enumerated() {
            let outerSpace = g.parent.flatMap { $0 < i ? spaceOf[$0] : nil }
            guard let s = g.space else {
                spaceOf[i] = outerSpace
                continue
            }
            spaceOf[i] = i
            let outer = outerSpace.flatMap { spaceToOutput[$0] } ?? .identity
            spaceToOutput[i] = s.concatenating(outer)
        }
    }

    /// The document: root element, defs, body, overlay.
    func document(overlay: String?) -> String {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\""
        let usedResources = resourcesInUse()
        var needsXlink = false
        for r in usedResources where SVGMarkup.contains(r.xml, "xlink:") { needsXlink = true }
        if !needsXlink, SVGMarkup.contains(body, "xlink:") { needsXlink = true }
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

    /// The innermost group at or above `g` that establishes a coordinate space.
    func spaceGroup(containing g: Int) -> Int? {
        g < spaceOf.count ? spaceOf[g] : nil
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
