import LaminaCore

/// The debug overlay (SPEC §6 "Debug SVG"): per visible layer its frame, transformed bounds,
/// anchor, label and tooltip, plus warnings, drawn on top of the flattened picture.
///
/// The overlay is one `<g id="lamina-overlay">` meant to be inserted just before `</svg>` of
/// the flattened export. It holds no script, no event attributes, no external references and
/// no `foreignObject`; every text taken from the input is escaped, so the debug SVG of an
/// untrusted file is safe to open.
///
///     let (markup, warnings) = DebugSVG.overlay(scene: scene, options: .init())
public enum DebugSVG {
    /// What the overlay shows.
    public struct Options: Hashable, Sendable {
        /// A layer path (SPEC §2): draw only that layer and its subtree.
        public var only: String?
        /// Draw each layer's name and paint index.
        public var labels: Bool
        /// A point in the root layer's superlayer space: mark the layer `hitTest` returns.
        public var hit: Point?
        /// Warnings from earlier stages (e.g. unsatisfiable constraints) to draw and return.
        public var extraWarnings: [Diagnostic]

        /// Options with every layer, labels on, no hit point and no extra warnings by default.
        public init(only: String? = nil, labels: Bool = true, hit: Point? = nil, extraWarnings: [Diagnostic] = []) {
            self.only = only
            self.labels = labels
            self.hit = hit
            self.extraWarnings = extraWarnings
        }
    }

    /// The overlay markup for `scene` and the warnings it draws.
    ///
    /// - Parameters:
    ///   - scene: the (laid out) scene whose flattened export the overlay goes on.
    ///   - options: which layers and extras to draw.
    /// - Returns: one `<g id="lamina-overlay">…</g>` element, and the warnings (the overlay's
    ///   own findings followed by `options.extraWarnings`).
    public static func overlay(scene: Scene, options: Options) -> (markup: String, warnings: [Diagnostic]) {
        var out: [UInt8] = []
        let warnings = appendOverlay(scene: scene, options: options, to: &out)
        return (String(decoding: out, as: UTF8.self), warnings)
    }

    /// The flattened SVG of `list` with the overlay inserted before `</svg>`, as UTF-8 bytes
    /// written into one buffer, and the overlay's warnings (as ``overlay(scene:options:)``).
    /// A small canvas is shown magnified: the root's `width` and `height` are those of the
    /// flattened export times ``displayScale(canvas:)``, the rest of the picture unchanged.
    public static func document(
        _ list: DisplayList, scene: Scene, keepGroups: Bool = false, options: Options
    ) -> (bytes: [UInt8], warnings: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        let bytes = FlattenedSVG.bytes(
            list, scene: scene, keepGroups: keepGroups, afterRootTag: documentTitle, editRootTag: rootTagEdit(scene)
        ) { out in
            warnings = appendOverlay(scene: scene, options: options, to: &out)
        }
        return (bytes, warnings)
    }

    /// ``document(_:scene:keepGroups:options:)`` made from the flattened export of the same
    /// list, scene and `keepGroups` written already (`flat`, the bytes of
    /// `FlattenedSVG.bytes`), as the consecutive pieces it is made of: the flattened body, the
    /// overlay, the closing `</svg>`. A caller that writes both documents writes the picture
    /// once, and compares or writes the pieces in turn instead of copying them into one array.
    /// With `overlay` (an ``OverlayJob`` started on the same scene and options), the overlay
    /// drawn on another thread is taken, in its pieces.
    public static func documentPieces(
        flat: [UInt8], scene: Scene, options: Options, overlay: OverlayJob? = nil
    ) -> (pieces: [ArraySlice<UInt8>], warnings: [Diagnostic]) {
        let end = Array("</svg>\n".utf8)
        precondition(flat.count >= end.count && flat.suffix(end.count).elementsEqual(end), "not a flattened export")
        let body = flat.count - end.count
        let head = FlattenedSVG.rootTagEnd(flat)
        let canvas = canvasSize(scene)
        let rootTag = displayRootTag(flat[..<head], canvas: canvas, scale: displayScale(canvas: canvas))
        if let (pieces, drawn) = overlay?.take() {
            return ([rootTag[...], documentTitle[...], flat[head..<body]] + pieces.map { $0[...] } + [end[...]], drawn)
        }
        // The overlay reserves its own room as it starts.
        var out: [UInt8] = []
        out += rootTag
        out += documentTitle
        out += flat[head..<body]
        let warnings = appendOverlay(scene: scene, options: options, to: &out)
        out += end
        return ([out[...]], warnings)
    }

    /// Streams ``document(_:scene:keepGroups:options:)`` to `sink` in pieces of about
    /// `chunkSize` bytes after the flattened body, so the overlay is never whole in memory;
    /// returns the warnings.
    ///
    /// With `overlay` (an ``OverlayJob`` started on the same scene and options), the overlay
    /// drawn ahead on another thread is written instead of being drawn here.
    public static func document(
        _ list: DisplayList, scene: Scene, keepGroups: Bool = false, options: Options, chunkSize: Int = 1 << 20,
        overlay: OverlayJob? = nil, into sink: (UnsafeRawBufferPointer) -> Void
    ) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        FlattenedSVG.stream(
            list, scene: scene, keepGroups: keepGroups, afterRootTag: documentTitle, editRootTag: rootTagEdit(scene),
            into: sink
        ) { out, flush in
            guard let (pieces, drawn) = overlay?.take() else {
                warnings = appendOverlay(scene: scene, options: options, to: &out, chunkSize: chunkSize, flush: flush)
                return
            }
            warnings = drawn
            flush(&out)
            for piece in pieces { piece.withUnsafeBytes(sink) }
        }
        return warnings
    }

    /// Appends the overlay markup to `out` and returns its warnings; whenever `out` holds
    /// `chunkSize` bytes or more between layers, it is handed to `flush` (which may empty it).
    ///
    /// With enough layers, the layers' marks are drawn in pieces, on up to `threads` threads
    /// (``drawLayers(_:pieces:scan:geometry:style:labels:threads:)``); each piece is then
    /// handed to `flush` in order (appended to `out` when `flush` keeps it). The bytes are the
    /// same either way.
    static func appendOverlay(
        scene: Scene, options: Options, to out: inout [UInt8], chunkSize: Int = .max, threads: Int = 1,
        flush: (inout [UInt8]) -> Void = { _ in }
    ) -> [Diagnostic] {
        let geometry = OverlayGeometry(scene: scene)
        var warnings: [Diagnostic] = []
        var scope: LayerID?
        if let only = options.only {
            scope = geometry.layer(atPath: only)
            if scope == nil { warnings.append(.warning("debug overlay: no layer at path '\(only)'")) }
        }
        let scan = OverlayScan(geometry: geometry, scope: scope)
        let drawNothing = options.only != nil && scope == nil
        let canvas = canvasSize(scene)
        let style = OverlayStyle(canvas: canvas, fillsWindow: fillsWindow(scene))
        let labels = OverlayLabels(
            scan: scan, geometry: geometry, style: style, isOn: options.labels && !drawNothing, places: !drawNothing)

        let expected = 4096 + (drawNothing ? 0 : scan.entries.count * 640)
        out.reserveCapacity(out.count + min(expected, chunkSize == .max ? expected : chunkSize + 65536))
        out += "<g id=\"lamina-overlay\""
        if let m = geometry.canvasToOutput(), !m.isIdentity {
            out += " transform=\"matrix("
            for (i, v) in m.elements.enumerated() {
                if i > 0 { out.append(0x20) }
                OverlayText.appendNumber(v, to: &out)
            }
            out += ")\""
        }
        out += " fill=\"none\" font-family=\"sans-serif\" font-size=\""
        OverlayText.appendNumber(style.fontSize, to: &out)
        out += "\">\n"
        out.append(contentsOf: OverlayStyle.css.utf8)
        if labels.faintOpacity != OverlayLabels.faintOpacityMost {
            OverlayStyle.appendFaintOpacity(labels.faintOpacity, to: &out)
        }
        if labels.isDense, !labels.visible.isNull { OverlayStyle.appendDim(labels.visible, to: &out) }
        out += "<g class=\"lamina-layers\">\n"
        if !drawNothing, scan.entries.count >= 2 * layersPerPiece {
            flush(&out)
            // Rounds of a few pieces per thread, so a huge overlay is never whole in memory
            // unless `flush` keeps it.
            let pieces = (scan.entries.count + layersPerPiece - 1) / layersPerPiece
            var first = 0
            while first < pieces {
                let round = first..<min(pieces, first + max(1, threads) * 4)
                let drawn = drawLayers(
                    scan.entries, pieces: round, scan: scan, geometry: geometry, style: style, labels: labels,
                    threads: threads)
                for var piece in drawn {
                    flush(&piece)
                    out += piece
                }
                first = round.upperBound
            }
        } else if !drawNothing {
            for (k, entry) in scan.entries.enumerated() where entry.inScope {
                OverlayMarks.appendLayer(entry, at: k, scan: scan, geometry: geometry, style: style, labels: labels, to: &out)
                if out.count >= chunkSize { flush(&out) }
            }
        }
        out += "</g>\n"

        var finder = OverlayWarnings(scan: scan, geometry: geometry, style: style)
        finder.labels = labels
        if !drawNothing { finder.run() }
        if scan.tooDeep > 0 {
            finder.found.append(
                .warning("debug overlay: \(scan.tooDeep) layers nested deeper than \(OverlayScan.maxDepth) levels are not drawn"))
        }
        if scan.overBudget > 0 {
            finder.found.append(.warning(
                "debug overlay: the layer paths drawn reach \(OverlayScan.pathBudget >> 20) MB; \(scan.overBudget) more subtrees are not drawn"))
        }
        finder.appendExtra(options.extraWarnings)
        out += "<g class=\"lamina-warnings\">\n"
        out.append(contentsOf: finder.markup)
        out += "</g>\n"
        warnings += finder.found
        warnings += options.extraWarnings

        if let p = options.hit {
            OverlayHit.append(point: p, scan: scan, geometry: geometry, style: style, to: &out)
        }
        OverlayStyle.appendLegend(style: style, in: labels.legend, atTop: labels.legendAtTop, to: &out)
        out += "</g>\n"
        return warnings
    }

    /// The edit of the flattened root start tag that sets the debug SVG's display size
    /// (``displayRootTag(_:canvas:scale:)``), or nil when it is shown at its own size.
    static func rootTagEdit(_ scene: Scene) -> (([UInt8]) -> [UInt8])? {
        let canvas = canvasSize(scene)
        let scale = displayScale(canvas: canvas)
        guard scale != 1 else { return nil }
        return { displayRootTag($0[...], canvas: canvas, scale: scale) }
    }

    /// The root layer's bounds size: the canvas the picture is drawn on, in pixels.
    static func canvasSize(_ scene: Scene) -> Size {
        guard scene.root.index < scene.tree.count else { return Size(100, 100) }
        let b = scene.tree[scene.root].bounds.standardized
        let w = b.width.isFinite && b.width > 0 ? b.width : 100
        let h = b.height.isFinite && b.height > 0 ? b.height : 100
        return Size(w, h)
    }
}
