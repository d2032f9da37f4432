import LaminaCore

/// Sizes, colors, the CSS block and the legend of the debug overlay.
///
/// Sizes are in canvas pixels, chosen so that a browser showing the debug SVG at 100 % zoom
/// (``DebugSVG/displayScale(canvas:)`` CSS pixels per canvas pixel) draws labels
/// ``DebugSVG/labelPixels`` CSS pixels high, whatever the picture's size; strokes do not scale
/// (`vector-effect: non-scaling-stroke`).
struct OverlayStyle {
    /// Colors by depth: a layer at depth `d` gets `palette[d % palette.count]`.
    static let palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#17becf", "#8c564b", "#e377c2", "#7f7f7f"]

    let canvas: Size
    /// CSS pixels per canvas pixel in the debug SVG at 100 % zoom.
    let displayScale: Double
    /// The label font size: ``DebugSVG/labelPixels`` CSS pixels.
    let fontSize: Double
    /// The part of the canvas, from its top-left corner, a browser window shows before it is
    /// scrolled (``DebugSVG/firstView``), where the legend goes; the whole canvas when the
    /// picture fills the window.
    let view: Size

    /// Whether the picture fills the browser window (``DebugSVG/fillsWindow(_:)``): it is then
    /// scaled to the window, and sizes are set for one of ``DebugSVG/firstView``.
    let fillsWindow: Bool

    /// The style of the overlay on `canvas`, shown ``DebugSVG/displayScale(canvas:)`` times,
    /// or scaled to the browser window (`fillsWindow`): a 128-unit emoji without a `width`
    /// is shown 5.3 times, a 10,000-unit map 0.13 times, in a 1280 × 800 window.
    init(canvas: Size, fillsWindow: Bool = false) {
        self.canvas = canvas
        self.displayScale = DebugSVG.displayScale(canvas: canvas)
        let first = DebugSVG.firstView
        let fit = min(first.width / canvas.width, first.height / canvas.height)
        self.fillsWindow = fillsWindow && fit.isFinite && fit > 0
        self.fontSize = DebugSVG.labelPixels / (self.fillsWindow ? fit : displayScale)
        view = self.fillsWindow
            ? canvas : Size(min(canvas.width, first.width / displayScale), min(canvas.height, first.height / displayScale))
        OverlayText.appendNumber(dotRadius, to: &dotRadiusText)
    }

    /// The anchor dot's radius.
    var dotRadius: Double { fontSize * 0.22 }
    /// ``dotRadius`` as overlay text, written once for the document's thousands of anchors.
    private(set) var dotRadiusText: [UInt8] = []
    /// Half the length of the anchor crosshair's arms.
    var crossArm: Double { fontSize * 0.7 }

    /// The `<style>` element: CSS only, every selector inside `#lamina-overlay`.
    static let css: String = {
        var s = "<style>\n"
        let o = "#lamina-overlay"
        // Inherited properties reset, so nothing set on the picture's root leaks into the marks.
        s += "\(o){opacity:1;visibility:visible;stroke-dasharray:none;stroke-opacity:1;fill-opacity:1;"
        s += "stroke-linecap:butt;stroke-linejoin:round;fill-rule:nonzero;font-style:normal;font-weight:normal;"
        s += "text-anchor:start;letter-spacing:normal;word-spacing:normal;direction:ltr;writing-mode:horizontal-tb;"
        s += "dominant-baseline:auto;shape-rendering:auto;pointer-events:visiblePainted;cursor:auto}\n"
        s += "\(o) *{vector-effect:non-scaling-stroke;marker:none;filter:none;mask:none;clip-path:none}\n"
        s += "\(o) .lamina-layer{color:#777}\n"
        for (i, c) in palette.enumerated() {
            s += "\(o) [data-color=\"\(i)\"]{color:\(c)}\n"
        }
        s += "\(o) .lamina-frame{fill:none;stroke:currentColor;stroke-width:1px;stroke-opacity:.85;pointer-events:all}\n"
        s += "\(o) .lamina-bounds{fill:none;stroke:currentColor;stroke-width:1px;stroke-dasharray:4 3;stroke-opacity:.7}\n"
        s += "\(o) .lamina-anchor circle{fill:currentColor;stroke:#fff;stroke-width:1px}\n"
        s += "\(o) .lamina-anchor path{fill:none;stroke:currentColor;stroke-width:1px}\n"
        s += "\(o) text{stroke:#fff;stroke-width:3px;stroke-linejoin:round;paint-order:stroke;pointer-events:none}\n"
        s += "\(o) .lamina-label{fill:currentColor}\n"
        s += "\(o) .lamina-layer:hover .lamina-frame,\(o) .lamina-layer:hover .lamina-bounds"
        s += "{stroke-width:3px;stroke-opacity:1}\n"
        s += "\(o) .lamina-layer:hover .lamina-anchor path{stroke-width:2px}\n"
        s += "\(o) .lamina-layer:hover .lamina-label{font-weight:bold}\n"
        // A label that would cover another is shown only while its layer is hovered.
        s += "\(o) .lamina-crowded{display:none}\n"
        s += "\(o) .lamina-layer:hover .lamina-crowded{display:inline}\n"
        // So is the rest of its marks: its frame is faint, its bounds and anchor hidden.
        s += "\(o) [data-faint] .lamina-frame{stroke-opacity:\(OverlayLabels.faintOpacityMost)}\n"
        s += "\(o) [data-faint] .lamina-bounds,\(o) [data-faint] .lamina-anchor{display:none}\n"
        s += "\(o) [data-faint]:hover .lamina-bounds,\(o) [data-faint]:hover .lamina-anchor{display:inline}\n"
        // A dense drawing's picture is dimmed under the marks.
        s += "\(o) .lamina-dim{fill:#fff;fill-opacity:.6;stroke:none;pointer-events:none}\n"
        s += "\(o) .lamina-warning{color:#d00000}\n"
        s += "\(o) .lamina-warning polygon{fill:none;stroke:#d00000;stroke-width:2px;stroke-dasharray:2 2}\n"
        s += "\(o) .lamina-warning text{fill:#d00000}\n"
        s += "\(o) .lamina-warning[data-faint] polygon{stroke-width:1px;stroke-opacity:.35}\n"
        s += "\(o) .lamina-warning[data-faint]:hover polygon{stroke-width:2px;stroke-opacity:1}\n"
        s += "\(o) .lamina-hit{color:#c000c0}\n"
        s += "\(o) .lamina-hit polygon,\(o) .lamina-hit polyline,\(o) .lamina-hit path"
        s += "{fill:none;stroke:#c000c0;stroke-width:2px}\n"
        s += "\(o) .lamina-hit circle{fill:#c000c0;stroke:#fff;stroke-width:1px}\n"
        s += "\(o) .lamina-hit text{fill:#c000c0}\n"
        s += "\(o) .lamina-legend{pointer-events:none}\n"
        s += "\(o) .lamina-legend rect.lamina-legend-box{fill:#fff;fill-opacity:.85;stroke:#777;stroke-width:1px;pointer-events:all}\n"
        s += "\(o) .lamina-legend text{fill:#222;stroke:none}\n"
        s += "\(o) .lamina-legend-key{display:none}\n"
        s += "\(o) .lamina-legend:hover .lamina-legend-key{display:inline}\n"
        s += "</style>\n"
        return s
    }()

    /// The legend's font size: 0.9 of the labels', smaller where the two-line box (21 font
    /// sizes wide, 3.25 high, half a font size from the edges) would not fit on the canvas:
    /// a canvas from 128 px (not magnified) up to about 240 px is narrower than it at 12 px.
    static func legendFont(style: OverlayStyle) -> Double {
        let f = min(style.fontSize * 0.9, style.view.width / 22, style.view.height / 4.25)
        return f.isFinite && f > 0 ? f : style.fontSize * 0.9
    }

    /// Whether the legend is a one-word badge ("key") that opens on hover: where its two-line
    /// box would cover more than a quarter of what a window shows first, or more than half its
    /// height (a 320 × 44 toolbar: 52 % of it and 76 % of its height, hiding three of its five
    /// labels), not on a 200 px square (14 %).
    static func legendIsCompact(style: OverlayStyle) -> Bool {
        let f = legendFont(style: style)
        let width = f * 21, height = f * 1.3 * 2.5
        return width * height > style.view.width * style.view.height / 4 || height > style.view.height / 2
    }

    /// The legend's box at the top-right and at the bottom-right of the part of the canvas a
    /// browser window shows first (``view``): the canvas's corners unless it is larger. Two
    /// lines, or the badge where the legend is compact (``legendIsCompact(style:)``).
    static func legendBoxes(style: OverlayStyle) -> (top: Rect, bottom: Rect) {
        let f = legendFont(style: style)
        let compact = legendIsCompact(style: style)
        let width = compact ? f * compactWidth : f * 21, height = f * 1.3 * (compact ? 1.25 : 2.5)
        let x = style.view.width - width - f * 0.5
        return (Rect(x, f * 0.5, width, height), Rect(x, style.view.height - f * 0.5 - height, width, height))
    }

    /// The compact legend's width in font sizes: the word "key" and its margins.
    static let compactWidth = 2.8

    /// Appends the legend in `shown` (one of ``legendBoxes(style:)``, at the top-right of what a
    /// window shows, or bottom-right, `atTop` false, or moved left along that edge): two lines,
    /// the depth colors and the canvas size (with the display scale when it is magnified), that
    /// open on hover into the key of the marks (`lamina-legend-key`, CSS only), so that it
    /// covers little of the picture.
    static func appendLegend(style: OverlayStyle, in shown: Rect, atTop: Bool, to out: inout [UInt8]) {
        let f = legendFont(style: style)
        let line = f * 1.3
        let compact = legendIsCompact(style: style)
        // The key is as wide as the two-line legend and ends at the same right edge (a compact
        // legend's badge is narrower). It opens below the two lines at the top, above them at
        // the bottom; a compact legend's key covers its badge and holds the two lines too.
        let keyWidth = f * 21, keyX = compact ? max(min(f * 0.5, shown.minX), shown.maxX - keyWidth) : shown.minX
        let keyY = compact ? (atTop ? shown.minY : shown.maxY - line * 8.5) : atTop ? shown.minY : shown.minY - line * 6
        func box(x: Double, y: Double, width: Double, height: Double) {
            out += "<rect class=\"lamina-legend-box\" x=\""
            OverlayText.appendNumber(x, to: &out)
            out += "\" y=\""
            OverlayText.appendNumber(y, to: &out)
            out += "\" width=\""
            OverlayText.appendNumber(width, to: &out)
            out += "\" height=\""
            OverlayText.appendNumber(height, to: &out)
            out += "\"/>\n"
        }
        func text(_ s: String, x: Double, y: Double, color: String? = nil) {
            out += "<text x=\""
            OverlayText.appendNumber(x, to: &out)
            out += "\" y=\""
            OverlayText.appendNumber(y, to: &out)
            out += "\""
            if let c = color { out.append(contentsOf: (" style=\"fill:\(c)\"").utf8) }
            out.append(contentsOf: (">" + s + "</text>\n").utf8)
        }
        out += "<g class=\"lamina-legend\" font-size=\""
        OverlayText.appendNumber(f, to: &out)
        out += "\">\n"
        box(x: shown.minX, y: shown.minY, width: shown.width, height: shown.height)
        if compact { text("key", x: shown.minX + f * 0.5, y: shown.minY + line, color: "#777") }
        let tx = keyX + f * 0.5
        out += "<g class=\"lamina-legend-key\">\n"
        box(x: keyX, y: keyY, width: keyWidth, height: line * 8.5)
        // The two lines: in the key of a compact legend, else above (or below) it.
        let summaryY = compact ? keyY : shown.minY
        var y = atTop || compact ? summaryY + line * 3 : keyY + line
        if compact { appendSummary() }
        let meanings = [
            ("frame (in superlayer space)", "solid"), ("bounds, transformed", "dashed"),
            ("anchor point = position", "cross"), ("warning", "warning"), ("hit-test result", "hit"),
            ("faint, no label: hover its layer", "faint"),
        ]
        for (label, kind) in meanings {
            let mx = tx, my = y - f * 0.35, mw = f * 2
            switch kind {
            case "dashed":
                out.append(contentsOf: ("<path d=\"M\(num(mx)) \(num(my))h\(num(mw))\" style=\"stroke:#444;stroke-dasharray:4 3\"/>\n").utf8)
            case "cross":
                out.append(contentsOf: ("<path d=\"M\(num(mx)) \(num(my))h\(num(mw))M\(num(mx + mw / 2)) \(num(my - f / 2))v\(num(f))\"").utf8)
                out += " style=\"stroke:#444\"/>\n"
            case "warning":
                out.append(contentsOf: ("<path d=\"M\(num(mx)) \(num(my))h\(num(mw))\" style=\"stroke:#d00000;stroke-width:2px\"/>\n").utf8)
            case "faint":
                out.append(contentsOf: ("<path d=\"M\(num(mx)) \(num(my))h\(num(mw))\" style=\"stroke:#444;stroke-opacity:.15\"/>\n").utf8)
            case "hit":
                out.append(contentsOf: ("<path d=\"M\(num(mx)) \(num(my))h\(num(mw))\" style=\"stroke:#c000c0;stroke-width:2px\"/>\n").utf8)
            default:
                out.append(contentsOf: ("<path d=\"M\(num(mx)) \(num(my))h\(num(mw))\" style=\"stroke:#444\"/>\n").utf8)
            }
            text(label, x: tx + f * 2.6, y: y)
            y += line
        }
        out += "</g>\n"
        if !compact { appendSummary() }
        out += "</g>\n"

        /// The depth colors and the canvas size, on two lines.
        func appendSummary() {
            text("depth:", x: tx, y: summaryY + line)
            for (i, c) in palette.enumerated() {
                text(String(i), x: tx + f * (4 + Double(i) * 1.1), y: summaryY + line, color: c)
            }
            if !compact { text("hover: key", x: tx + f * 13.5, y: summaryY + line, color: "#777") }
            let w = NumberText.format(style.canvas.width), h = NumberText.format(style.canvas.height)
            let shown = style.fillsWindow ? ", fills window" : style.displayScale == 1 ? "" : ", shown \(NumberText.format(style.displayScale))×"
            text("canvas \(w) × \(h) px" + shown, x: tx, y: summaryY + line * 2)
        }
    }

    /// Appends the veil that dims a dense drawing's picture under the marks (`lamina-dim`): a
    /// white rectangle over the canvas `r`, 60 % opaque, that takes no pointer events.
    static func appendDim(_ r: Rect, to out: inout [UInt8]) {
        OverlayMarks.appendRect(r, className: "lamina-dim", to: &out)
    }

    /// Appends the rule that sets the opacity of faint frames where many overlap
    /// (``OverlayLabels/faintOpacity(boxes:faint:visible:style:)``), after ``css``.
    static func appendFaintOpacity(_ opacity: Double, to out: inout [UInt8]) {
        out += "<style>#lamina-overlay [data-faint] .lamina-frame{stroke-opacity:"
        OverlayText.appendNumber(opacity, to: &out)
        out += "}</style>\n"
    }

    /// A number as overlay text.
    static func num(_ v: Double) -> String {
        var s: [UInt8] = []
        OverlayText.appendNumber(v, to: &s)
        return String(decoding: s, as: UTF8.self)
    }
}
