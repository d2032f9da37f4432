import LaminaCore
import Testing

@testable import LaminaSVGImport

/// Lists of cascaded declarations sharing an arena's memory: each keeps its own declarations
/// while later lists fill the memory and start new storage, and outlives the arena.
@Suite struct CascadedListTests {
    /// `count` circles, each with its own fill and opacity, some with a `style` attribute, and
    /// one with more declarations than an arena's scratch room.
    static func tree(count: Int) -> (tree: ElementTree, elements: [Int]) {
        var t = StyleTestTree()
        let root = t.add("svg", parent: nil)
        var elements = [root]
        for i in 0..<count {
            var attributes = [("fill", "rgb(\(i % 256),0,0)"), ("opacity", "0.\(i)")]
            if i % 3 == 0 { attributes.append(("style", "stroke: red; stroke-width: \(i)")) }
            if i == 7 {
                attributes += [
                    ("stroke-linecap", "round"), ("stroke-linejoin", "bevel"), ("stroke-miterlimit", "9"),
                    ("visibility", "hidden"), ("display", "inline"), ("fill-opacity", ".25"), ("stroke-opacity", ".75"),
                    ("paint-order", "stroke"), ("font-size", "12px"),
                ]
            }
            elements.append(t.add("circle", parent: root, attributes))
        }
        return (t.tree, elements)
    }

    static func text(_ list: CascadedList) -> [String] {
        list.map { "\($0.name)=\($0.value)" }
    }

    /// Lists made one after another in a small arena (several storages, an element that
    /// outgrows the room left) hold what each element's list of its own holds.
    @Test(arguments: [1, 8, 16, 256])
    func listsOfOneArenaKeepTheirDeclarations(_ chunk: Int) {
        let (tree, elements) = Self.tree(count: 40)
        var diagnostics: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &diagnostics)
        var arena = CascadeArena(chunkCapacity: chunk)
        let lists = elements.map { cascade.cascaded(for: $0, in: &arena) }
        #expect(lists[0].isEmpty)
        #expect(lists[8].count > CascadeWinners.scratchCapacity)
        for (k, e) in elements.enumerated() {
            let own = cascade.declarations(for: e).map { "\($0.name)=\($0.value)" }
            #expect(Self.text(lists[k]) == own)
        }
        #expect(Self.text(lists[4]) == ["fill=rgb(3,0,0)", "opacity=0.3", "stroke=red", "stroke-width=3"])
    }

    /// A list stays valid after its arena and the lists made before it are gone.
    @Test func aListOutlivesItsArena() {
        let (tree, elements) = Self.tree(count: 10)
        var diagnostics: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &diagnostics)
        var kept: CascadedList
        do {
            var arena = CascadeArena(chunkCapacity: 16)
            var others: [CascadedList] = []
            for e in elements.prefix(5) { others.append(cascade.cascaded(for: e, in: &arena)) }
            kept = cascade.cascaded(for: elements[6], in: &arena)
            #expect(others.count == 5)
        }
        #expect(Self.text(kept) == ["fill=rgb(5,0,0)", "opacity=0.5"])
        let copy = CascadedList(copying: kept)
        kept = CascadedList()
        #expect(kept.isEmpty)
        #expect(Self.text(copy) == ["fill=rgb(5,0,0)", "opacity=0.5"])
        #expect(copy.withUnsafeBufferPointer { $0.map(\.property) } == [.fill, .opacity])
    }

    /// Only declarations holding no reference are freed without being destroyed: known
    /// properties with text kept in place and a color, number or length; not a keyword, a
    /// `url()`, long text or another property's name.
    @Test func declarationsHoldingNoReference() {
        var t = StyleTestTree()
        let long = "rgb(" + String(repeating: " ", count: 20) + "1,2,3)"
        let e = t.add("rect", parent: nil, [
            ("fill", "#abc"), ("opacity", ".5"), ("stroke-width", "2px"), ("stroke-miterlimit", "9"),
            ("stroke", "url(#g)"), ("stroke-linecap", "round"), ("color", long),
            ("style", "--x: 1; stroke-dasharray: 1 2"),
        ])
        var diagnostics: [Diagnostic] = []
        let list = StyleCascade(tree: t.tree, diagnostics: &diagnostics).cascaded(for: e)
        let held = list.map { "\($0.name)=\($0.holdsNoReference)" }
        #expect(held == [
            "fill=true", "opacity=true", "stroke-width=true", "stroke-miterlimit=true", "stroke=false",
            "stroke-linecap=false", "color=false", "--x=false", "stroke-dasharray=false",
        ])
    }
}
