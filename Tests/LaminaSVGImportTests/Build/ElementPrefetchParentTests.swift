import LaminaCore
import Testing

@testable import LaminaSVGImport

/// A block's elements take their parents' styles where those are: an entry of the block, or
/// an ancestor outside it (remembered per parent, the one asked about last kept apart); each
/// parent is read in place (``ComputedStyle/child(of:cascaded:)``).
@Suite struct ElementPrefetchParentTests {
    /// Nested groups whose children alternate between the levels (so that a block starting
    /// inside them finds its elements' parents outside it, in turn), with what reads the
    /// parent's style on rare paths: `inherit`, `currentColor`, `em`/`rem`, a decoration.
    static let document = """
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" style="font-size: 10px">\
        <g id="a" style="fill: red; font-size: 20px; text-decoration: underline">\
        <rect id="r0" width="1" height="1"/>\
        <g id="b" stroke="blue" color="green" stroke-width="2em">\
        <rect id="r1" width="1" height="1" style="fill: currentColor"/>\
        <g id="c" style="stroke-width: 3; fill: currentColor; opacity: .5; clip-path: url(#x)">\
        <rect id="r2" width="1" height="1"/>\
        <rect id="r3" width="1" height="1" style="stroke-width: inherit; font-size: 2rem"/>\
        <text id="t" style="fill: inherit; color: purple">x</text>\
        <rect id="r4" width="1" height="1" style="stroke: currentColor; font-size: 1.5em"/>\
        </g>\
        <rect id="r5" width="1" height="1" style="fill: inherit; opacity: inherit"/>\
        <circle id="r6" r="1"/>\
        </g>\
        <rect id="r7" width="1" height="1" style="stroke-width: 1em"/>\
        <g id="d" fill="yellow"><rect id="r8" width="1" height="1"/></g>\
        <rect id="r9" width="1" height="1"/>\
        </g>\
        <rect id="r10" width="1" height="1" style="fill: inherit"/>\
        </svg>
        """

    @Test func everyBlockStartGivesEachElementItsStyleAlone() throws {
        let (tree, _) = try XMLReader.read(Array(Self.document.utf8), file: "p.svg")
        var none: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &none)
        // Each element alone: its ancestors' styles computed from the root down, by value.
        let alone = tree.indices.map { ElementPrefetch.compute($0..<($0 + 1), tree: tree, cascade: cascade)[0].style }
        for start in tree.indices {
            for end in (start + 1)...tree.count {
                let block = ElementPrefetch.compute(start..<end, tree: tree, cascade: cascade)
                for (k, entry) in block.enumerated() {
                    #expect(entry.style == alone[start + k], "element \(start + k) in \(start)..<\(end)")
                    #expect(entry.style.textDecorations == alone[start + k].textDecorations)
                    #expect(entry.style.rootFontSize == alone[start + k].rootFontSize)
                }
            }
        }
        // What those styles are (the by-value and in-place paths could agree on a wrong one).
        func style(_ id: String) throws -> ComputedStyle {
            alone[try #require(tree.indices.first { tree[$0].attribute("id") == id })]
        }
        let r2 = try style("r2"), r3 = try style("r3"), r4 = try style("r4"), r5 = try style("r5")
        #expect(try style("r0").fontSize == 20 && style("r0").textDecorations.count == 1)
        #expect(try style("r1").fill == .color("#008000") && style("r1").strokeWidth == Length(40))
        #expect(r2.fill == .color("#008000") && r2.stroke == .color("#0000ff") && r2.strokeWidth == Length(3))
        #expect(r2.opacity == 1 && r2.clipPath == nil)
        #expect(r3.strokeWidth == Length(3) && r3.fontSize == 20 && r3.rootFontSize == 10)
        #expect(try style("t").fill == .color("#800080"))
        #expect(r4.stroke == .color("#008000") && r4.fontSize == 30)
        #expect(r5.fill == .color("#ff0000") && r5.opacity == 1)
        #expect(try style("r6").strokeWidth == Length(40))
        #expect(try style("r7").strokeWidth == Length(20))
        #expect(try style("r8").fill == .color("#ffff00"))
        #expect(try style("r9").fill == .color("#ff0000") && style("r9").textDecorations.count == 1)
        #expect(try style("r10").fill == .color("#000000") && style("r10").textDecorations.isEmpty)
    }

    /// The in-place child of a style is its by-value child, for parents with and without the
    /// rarely set properties, and the root (whose parent is not an element).
    @Test func childOfAStyleInPlaceIsItsChild() throws {
        let parents = [
            ComputedStyle.initial,
            ComputedStyle.initial.child(declarations: [("font-size", "12px"), ("fill", "blue")]),
            ComputedStyle.initial.child(declarations: [("clip-path", "url(#c)"), ("text-decoration", "underline"), ("stroke-dasharray", "1 2")]),
        ]
        let lists: [[(name: String, value: String)]] = [
            [], [("fill", "inherit"), ("font-size", "2em")], [("stroke", "currentColor"), ("color", "red"), ("font-size", "1rem")],
            [("opacity", "inherit"), ("clip-path", "inherit"), ("--v", "3px"), ("stroke-width", "var(--v)")],
        ]
        for parent in parents {
            for list in lists {
                let cascaded = CascadedList(copying: list.map { CascadedDeclaration(name: $0.name, value: $0.value) })
                let inPlace = withUnsafePointer(to: parent) { ComputedStyle.child(of: $0, cascaded: cascaded) }
                let byValue = parent.child(declarations: list)
                #expect(inPlace == byValue, "\(list)")
                #expect(inPlace.textDecorations == byValue.textDecorations && inPlace.rootFontSize == byValue.rootFontSize)
            }
        }
    }
}
