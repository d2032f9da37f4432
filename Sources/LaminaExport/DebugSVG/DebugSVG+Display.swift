import LaminaCore

/// How big a browser shows the debug SVG, and so how big its marks are drawn.
///
/// The overlay is read in a browser at 100 % zoom first: its labels are ``labelPixels`` CSS
/// pixels high there, whatever the canvas. A canvas too small to hold them (a 16-pixel icon)
/// is shown larger: the debug SVG's `width` and `height` become the canvas size times a whole
/// number (``displayScale(canvas:)``), so each canvas pixel is a square of whole CSS pixels and
/// the picture is the flattened one, magnified. Only icon-sized canvases are: a debug SVG
/// otherwise has the flattened file's size, so the two can be laid side by side or over each
/// other, and tools that render it at its own size get the input's pixels.
extension DebugSVG {
    /// The longer canvas side, in CSS pixels, below which the debug SVG is shown magnified.
    static let magnifiedBelow = 128.0
    /// The shortest longer side, in CSS pixels, a magnified debug SVG is shown with.
    static let minimumDisplaySide = 512.0
    /// The label font size in CSS pixels at 100 % zoom.
    static let labelPixels = 12.0
    /// What a browser window shows of a document at 100 % zoom before it is scrolled, in CSS
    /// pixels: a 1280 × 800 window less its tab strip, toolbar and scroll bars. A debug SVG
    /// larger than that (a map, a generated drawing) opens at its top-left corner, so the
    /// legend goes at the right of this part of it, not at the canvas's far corner.
    static let firstView = Size(1264, 680)

    /// Whether the debug SVG fills the browser window whatever its canvas's size: its root keeps
    /// the input's `viewBox` without a `width` and `height` (or with percentages), so the
    /// browser scales the whole canvas to the window.
    static func fillsWindow(_ scene: Scene) -> Bool {
        let tree = scene.tree, root = scene.root
        guard root.index < tree.count, displayScale(canvas: canvasSize(scene)) == 1, tree.keepsRecordedViewBox(root) else {
            return false
        }
        let extra = tree[root].svg?.extra ?? []
        func relative(_ name: String) -> Bool { extra.first { $0.name == name }.map { $0.value.contains("%") } ?? true }
        return relative("width") && relative("height")
    }

    /// The CSS pixels per canvas pixel the debug SVG is shown at: 1, or, for a canvas whose
    /// longer side is under ``magnifiedBelow``, the smallest whole number that makes it at
    /// least ``minimumDisplaySide`` long (16 × 16 → 32, 100 × 50 → 6, 200 × 200 → 1).
    static func displayScale(canvas: Size) -> Double {
        let side = max(canvas.width, canvas.height)
        guard side.isFinite, side > 0, side < magnifiedBelow else { return 1 }
        return min((minimumDisplaySide / side).rounded(.up), 1_048_576)
    }

    /// The flattened export's root start tag `tag` (through the `>` and the newline after it)
    /// as the debug SVG writes it: with `scale` other than 1, `width` and `height` are the
    /// canvas size times `scale`, in pixels, a root without a `viewBox` gets the canvas's, and
    /// the `style` (CSS size limits, which would shrink it again) is left out; every other
    /// attribute stays as it is, in its place.
    static func displayRootTag(_ tag: ArraySlice<UInt8>, canvas: Size, scale: Double) -> [UInt8] {
        guard scale != 1 else { return Array(tag) }
        // The writer's tag: `<svg`, then ` name="value"` pairs (values escaped, no `"`), `>`.
        var attributes: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
        var i = tag.startIndex
        while i < tag.endIndex, tag[i] != 0x20, tag[i] != 0x3E { i += 1 }
        let open = tag[tag.startIndex..<i]
        while i < tag.endIndex, tag[i] == 0x20 {
            let nameStart = i + 1
            guard let eq = tag[nameStart...].firstIndex(of: 0x3D), eq + 1 < tag.endIndex, tag[eq + 1] == 0x22,
                let close = tag[(eq + 2)...].firstIndex(of: 0x22)
            else { break }
            attributes.append((tag[nameStart..<eq], tag[(eq + 2)..<close]))
            i = close + 1
        }
        var out = Array(open)
        func write(_ name: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>) {
            out.append(0x20)
            out += name
            out += "=\"".utf8
            out += value
            out.append(0x22)
        }
        func isNamespace(_ name: ArraySlice<UInt8>) -> Bool { name.starts(with: "xmlns".utf8) }
        let dropped: [[UInt8]] = [Array("width".utf8), Array("height".utf8), Array("style".utf8)]
        for a in attributes where isNamespace(a.name) { write(a.name, a.value) }
        write(Array("width".utf8)[...], Array(NumberText.format(canvas.width * scale).utf8)[...])
        write(Array("height".utf8)[...], Array(NumberText.format(canvas.height * scale).utf8)[...])
        // Without a viewBox (an input that had none) user space is the canvas at 1:1, and the
        // larger size alone would not magnify the picture.
        if !attributes.contains(where: { $0.name.elementsEqual("viewBox".utf8) }) {
            let box = "0 0 " + NumberText.format(canvas.width) + " " + NumberText.format(canvas.height)
            write(Array("viewBox".utf8)[...], Array(box.utf8)[...])
        }
        for a in attributes where !isNamespace(a.name) && !dropped.contains(where: { $0.elementsEqual(a.name) }) {
            write(a.name, a.value)
        }
        out += tag[i...]
        return out
    }
}
