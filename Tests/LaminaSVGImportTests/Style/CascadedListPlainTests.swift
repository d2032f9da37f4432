import LaminaCore
import Testing

@testable import LaminaSVGImport

/// ``CascadedList/isPlain``: set exactly when every declaration offered for the element was read
/// by the fast parse, and then the passes that skip a plain list (the `color`/`font-size`/custom
/// property pass of `inherit`, the external-reference check) have nothing to find.
@Suite struct CascadedListPlainTests {
    /// Declarations in the plain forms and in others, as presentation attributes or in `style`.
    static let values: [(String, String)] = [
        ("fill", "#abc"), ("fill", "#d62728"), ("fill", "none"), ("stroke", "#1f77b4"), ("stroke-width", "2.5"),
        ("stroke-width", "3%"), ("opacity", ".5"), ("fill-opacity", "40%"), ("clip-path", "url(#c)"),
        ("mask", "url(#m)"), ("filter", "url(#f)"), ("stop-color", "#fff"),
        // Not plain: the full parse reads them.
        ("fill", "red"), ("fill", "url(#p)"), ("fill", "url(other.svg#p) blue"), ("stroke", "rgb(1,2,3)"),
        ("stroke-width", "2em"), ("color", "red"), ("font-size", "20px"), ("transform", "rotate(3)"),
        ("transform-box", "fill-box"), ("transform-origin", "center"), ("fill", "var(--x)"), ("--x", "#abc"),
        ("stroke-linecap", "round"), ("marker-start", "url(other.svg#m)"), ("fill", "inherit"),
        ("clip-path", "url( #c )"), ("opacity", "bad"), ("fill", " #abc"),
    ]

    /// The properties whose passes a plain list skips.
    static let skipped: Set<CSSProperty> = [.color, .fontSize, .transform, .transformOrigin, .transformBox, .other]

    /// Whether the fast parse reads the value (what a plain list's every declaration is); the
    /// cascade offers values trimmed.
    static func readsFast(_ name: String, _ value: String) -> Bool {
        let property = CSSProperty.of(name)
        return property != .other && ComputedStyle.parseFast(property, value.trimmingCharactersCSS()) != nil
    }

    /// The external-reference check as it is without the plain shortcut.
    static func mayReferenceOtherFiles(_ list: CascadedList) -> Bool {
        list.contains { $0.text.contains(0x28) && !SceneBuilder.allURLsLocal($0.value) }
    }

    /// Elements with one to three of the values, as attributes or in `style` (each pair and
    /// triple in a fixed pseudo-random order): `isPlain` is set exactly when each was read fast,
    /// a plain list holds nothing the skipped passes look for, and the style computed from it
    /// is the one computed from the same declarations not marked plain.
    @Test func plainExactlyWhenEveryDeclarationIsReadFast() {
        var t = StyleTestTree()
        let root = t.add("svg", parent: nil)
        var cases: [(element: Int, plain: Bool)] = []
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<600 {
            let count = 1 + next(3)
            let picked = (0..<count).map { _ in Self.values[next(Self.values.count)] }
            let inStyle = next(3)
            var attributes: [(String, String)] = []
            var style: [String] = []
            for (k, (n, v)) in picked.enumerated() {
                // What is not a presentation attribute (`transform`, custom properties) is only
                // a declaration; the others go either way.
                if !PresentationAttributes.contains(n) || (inStyle == 1) || (inStyle == 2 && k % 2 == 0) {
                    style.append("\(n):\(v)")
                } else {
                    attributes.append((n, v))
                }
            }
            if !style.isEmpty { attributes.append(("style", style.joined(separator: ";"))) }
            let plain = picked.allSatisfy { Self.readsFast($0.0, $0.1) }
            cases.append((t.add("rect", parent: root, attributes), plain))
        }
        let tree = t.tree
        var diagnostics: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &diagnostics)
        var arena = CascadeArena()
        var plainCount = 0, otherCount = 0
        for (e, plain) in cases {
            let list = cascade.cascaded(for: e, in: &arena)
            // A list left empty (every value invalid) has nothing to find either.
            #expect(list.isPlain == (plain || list.isEmpty), "element \(e): \(cascade.declarations(for: e))")
            let marked = CascadedList(copying: list)
            #expect(!marked.isPlain || marked.isEmpty)
            #expect(ComputedStyle.initial.child(cascaded: list) == ComputedStyle.initial.child(cascaded: marked))
            if list.isPlain {
                plainCount += 1
                #expect(!list.contains { Self.skipped.contains($0.property) || $0.parsed.isDeferred })
                #expect(!Self.mayReferenceOtherFiles(list))
                #expect(!SceneBuilder.mayReferenceOtherFiles(list))
            } else {
                otherCount += 1
                #expect(SceneBuilder.mayReferenceOtherFiles(list) == Self.mayReferenceOtherFiles(list))
            }
        }
        // Both kinds were tried, many times.
        #expect(plainCount > 50 && otherCount > 50)
    }

    /// A sheet's declarations are offered parsed already: a matched element's list is not
    /// plain, even when the sheet's value and its own are in the plain forms.
    @Test func sheetDeclarationsAreNotPlain() {
        var t = StyleTestTree()
        let root = t.add("svg", parent: nil)
        t.add("style", parent: root, text: "rect { color: red } .a { fill: #abc }")
        let matched = t.add("rect", parent: root, [("fill", "#abc")])
        let classed = t.add("circle", parent: root, [("class", "a"), ("stroke", "none")])
        let alone = t.add("circle", parent: root, [("fill", "#abc"), ("style", "stroke:none")])
        let tree = t.tree
        var diagnostics: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &diagnostics)
        #expect(!cascade.cascaded(for: matched).isPlain)
        #expect(!cascade.cascaded(for: classed).isPlain)
        #expect(cascade.cascaded(for: alone).isPlain)
        // The skipped pass would have found `color` here: the style has it.
        let style = ComputedStyle.initial.child(cascaded: cascade.cascaded(for: matched))
        #expect(style.color == ParsedColor.parse("red"[...]))
    }
}
