import LaminaCore
import LaminaGeometry
import Testing

@testable import LaminaSVGImport

/// The cascade's winners kept in lent scratch memory, moved to their own when they outgrow it,
/// and a shape's paint written from a style with no rare property.
@Suite struct CascadeWinnersTests {
    /// Known and other properties, repeated, some `!important`, some invalid: more winners than
    /// the cascade's scratch holds.
    static let offers: [(name: String, value: String, important: Bool)] = [
        ("fill", "red", false), ("stroke", "blue", true), ("opacity", ".5", false), ("x-a", "1", false),
        ("fill-opacity", ".25", false), ("stroke-width", "3", false), ("stroke-linecap", "round", false),
        ("stroke", "green", false), ("fill", "nonsense", false), ("display", "none", false), ("visibility", "hidden", false),
        ("x-b", "2", true), ("stroke-opacity", ".75", false), ("color", "#123", false), ("x-a", "3", false),
        ("fill", "#abcdef", true), ("x-b", "4", false), ("overflow", "hidden", false), ("fill-rule", "evenodd", false),
    ]

    /// The winners of ``offers`` with `scratch` elements of lent memory (an arena's).
    static func winners(scratch: Int) -> [String] {
        var arena = CascadeArena(chunkCapacity: scratch)
        let storage = arena.storage(withRoom: scratch)
        var w = CascadeWinners(scratch: UnsafeMutableBufferPointer(rebasing: storage.free[0..<scratch]))
        for o in offers { w.offer(o.name, o.value, CSSProperty.of(o.name), important: o.important) }
        let count = w.count
        #expect(count == 14)
        return w.take(into: &arena, from: storage).map { "\($0.name)=\($0.value)" }
    }

    @Test(arguments: [0, 1, 2, 8, 14, 32])
    func winnersDoNotDependOnTheScratchSize(_ scratch: Int) {
        #expect(Self.winners(scratch: scratch) == [
            "fill=#abcdef", "stroke=blue", "opacity=.5", "x-a=3", "fill-opacity=.25", "stroke-width=3",
            "stroke-linecap=round", "display=none", "visibility=hidden", "x-b=2", "stroke-opacity=.75", "color=#123",
            "overflow=hidden", "fill-rule=evenodd",
        ])
    }

    @Test func takeLeavesNoWinner() {
        var arena = CascadeArena()
        let storage = arena.storage(withRoom: 1)
        var w = CascadeWinners()
        w.offer("fill", "red", .fill, important: false)
        let taken = w.take(into: &arena, from: storage)
        #expect(taken.map(\.value) == ["red"])
        let emptied = w.isEmpty
        #expect(emptied)
        let again = w.take(into: &arena, from: storage)
        #expect(again.isEmpty)
        w.offer("stroke", "blue", .stroke, important: false)
        let next = w.take(into: &arena, from: storage)
        #expect(next.map(\.name) == ["stroke"])
    }

    @Test func elementWithMoreDeclarationsThanTheScratchKeepsThemAll() {
        let attributes = [
            ("fill", "red"), ("stroke", "blue"), ("opacity", ".5"), ("fill-opacity", ".25"), ("stroke-opacity", ".75"),
            ("stroke-width", "3"), ("stroke-linecap", "round"), ("stroke-linejoin", "bevel"), ("stroke-miterlimit", "9"),
            ("visibility", "hidden"), ("display", "inline"),
            ("style", "fill: green; paint-order: stroke; stroke-width: 4 !important; color: red"),
        ]
        var t = StyleTestTree()
        let r = t.add("rect", parent: nil, attributes)
        var diagnostics: [Diagnostic] = []
        let got = StyleCascade(tree: t.tree, diagnostics: &diagnostics).declarations(for: r)
        #expect(got.count > CascadeWinners.scratchCapacity)
        #expect(got.map { "\($0.name)=\($0.value)" } == [
            "fill=green", "stroke=blue", "opacity=.5", "fill-opacity=.25", "stroke-opacity=.75", "stroke-width=4",
            "stroke-linecap=round", "stroke-linejoin=bevel", "stroke-miterlimit=9", "visibility=hidden", "display=inline",
            "paint-order=stroke", "color=red",
        ])
    }

    /// A content that had rare paint properties is reset by a style that has none.
    @Test func plainStyleResetsAContentsRareProperties() {
        var c = Content(shape: .circle(cx: 0, cy: 0, r: 1))
        ComputedStyleTests.style([
            ("fill-rule", "evenodd"), ("stroke-linejoin", "round"), ("paint-order", "stroke"), ("stroke-dasharray", "2"),
        ]).applyPaint(to: &c, viewport: Size(10, 10))
        #expect(c.fillRule == "evenodd")
        let plain = ComputedStyleTests.style([("fill", "#fff"), ("stroke", "currentColor"), ("color", "#123456")])
        plain.applyPaint(to: &c, viewport: Size(10, 10))
        var expected = Content(shape: .circle(cx: 0, cy: 0, r: 1))
        expected.fill = .color("#ffffff")
        expected.stroke = .color("#123456")
        #expect(c == expected)
        #expect(!c.mayHaveRareProperties)
    }

    @Test(arguments: [
        ("black", nil), ("#000", nil), ("rgba(0,0,0,1)", nil), ("currentColor", nil), ("rgba(0,0,0,.5)", "rgba(0,0,0,0.5)"),
        ("#010000", "#010000"), ("none", "none"),
    ] as [(String, String?)])
    func opaqueBlackFillIsLeftOut(_ fill: String, _ written: String?) {
        var c = Content(shape: .circle(cx: 0, cy: 0, r: 1))
        ComputedStyleTests.style([("fill", fill), ("color", "black")]).applyPaint(to: &c, viewport: Size(1, 1))
        switch c.fill {
        case nil: #expect(written == nil)
        case .none?: #expect(written == "none")
        case .color(let text)?: #expect(text == written)
        case .ref?: Issue.record("a color is no reference")
        }
    }
}

extension CascadeWinnersTests {
    /// A `url()` paint and a `calc()` value are boxed, so that a declaration (moved and copied
    /// per winner) and the two paints of every computed style stay small.
    @Test func declarationsAndPaintsStaySmall() {
        #expect(MemoryLayout<SpecifiedPaint>.size <= 24)
        #expect(MemoryLayout<ParsedValue>.size <= 24)
        #expect(MemoryLayout<CascadedDeclaration>.stride <= 72)
    }
}
