import LaminaCore
import LaminaTestSupport
import Testing

@testable import LaminaJSON

/// Reading a document's second half on a helper thread (`AheadDecode`) gives exactly the scene,
/// positions and errors of one pass, whether the helper's guess of where to start holds or not.
@Suite struct AheadDecodeTests {
    /// One pass, and two threads split at any size; the second also says how many sublayers it
    /// took from the helper.
    static func both(_ bytes: [UInt8]) -> (Result<Scene, LayerJSONError>, Result<Scene, LayerJSONError>, taken: Int) {
        let one = Result { () throws(LayerJSONError) in try LayerJSON.decode(bytes, file: "t.json") }
        var d = LayerDecoder(bytes: bytes, file: "t.json", maxDepth: LayerJSON.maxDepth)
        d.startAhead(minimumBytes: 0)
        let two = Result { () throws(LayerJSONError) in try d.decodeDocument() }
        return (one, two, d.aheadTaken)
    }

    /// Scenes equal as the model compares them, and in what it leaves out of that.
    static func same(_ a: Scene, _ b: Scene) -> Bool {
        a == b && a.tree.sourcePositions == b.tree.sourcePositions && a.tree.needsLayoutFlags == b.tree.needsLayoutFlags
            && a.tree.allIDs.allSatisfy { a.tree.isMaskLayer($0) == b.tree.isMaskLayer($0) }
    }

    /// A wide scene: `count` layers under the root, every third with a mask, every fifth with
    /// sublayers of its own, names that hold `,{` and `, {` (a guess inside a string).
    static func wide(_ count: Int, seed: UInt64) -> Scene {
        var rng = SplitMix64(state: seed)
        var tree = LayerTree()
        let root = tree.make(Layer(name: "root"))
        for i in 0..<count {
            var l = Layer(name: i % 7 == 0 ? "n,{\(i)}, {x}" : "l\(i)")
            l.bounds = Rect(Double(rng.next() % 100), 0, 10, 10)
            l.opacity = Double(rng.next() % 100) / 100
            if i % 4 == 0 { l.content = Content(shape: .path("M0 0L\(i) 1")) }
            let id = tree.make(l)
            if i % 3 == 0 {
                let m = tree.make(Layer(name: "m\(i)"))
                try? tree.setMask(m, of: id)
            }
            if i % 5 == 0 {
                for k in 0..<3 { try? tree.addSublayer(tree.make(Layer(name: "s\(i).\(k)")), to: id) }
            }
            try? tree.addSublayer(id, to: root)
        }
        return Scene(tree: tree, root: root)
    }

    /// `text` without the whitespace outside strings.
    static func minified(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var inString = false, escaped = false
        for b in bytes {
            if inString {
                out.append(b)
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
            } else if b == UInt8(ascii: "\"") {
                inString = true
                out.append(b)
            } else if b != 0x20 && b != 0x0A && b != 0x0D && b != 0x09 {
                out.append(b)
            }
        }
        return out
    }

    @Test(arguments: [(200, 1), (3000, 2), (3000, 3)] as [(Int, UInt64)])
    func wideScenesDecodeAlikeAndTakeTheHelpersLayers(count: Int, seed: UInt64) throws {
        let pretty = Array(LayerJSON.encode(Self.wide(count, seed: seed)).utf8)
        for bytes in [pretty, Self.minified(pretty)] {
            let (one, two, taken) = Self.both(bytes)
            let a = try one.get(), b = try two.get()
            #expect(Self.same(a, b))
            #expect(taken > 0, "the helper's layers were not taken")
        }
    }

    /// A byte spoiled anywhere: the same error, at the same place, with the same path.
    @Test func errorsAreThoseOfOnePass() throws {
        let bytes = Array(LayerJSON.encode(Self.wide(1500, seed: 4)).utf8)
        var rng = SplitMix64(state: 5)
        for _ in 0..<40 {
            var b = bytes
            let at = Int(rng.next() % UInt64(b.count))
            b[at] = [UInt8(ascii: "x"), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: "\"")][Int(rng.next() % 4)]
            let (one, two, _) = Self.both(b)
            switch (one, two) {
            case (.success(let x), .success(let y)): #expect(Self.same(x, y), "byte \(at)")
            case (.failure(let x), .failure(let y)): #expect(x.description == y.description, "byte \(at)")
            default: Issue.record("byte \(at): \(one) against \(two)")
            }
        }
    }

    /// A chain nested after many siblings, around the depth limit: the helper reads it within
    /// its own limit, but only the depth it adds to the main decoder's decides.
    @Test(arguments: [-2, -1, 0, 1, 2])
    func depthIsCountedFromTheDocument(excess: Int) throws {
        // Depths: document 1, root 2, its sublayers 3, a sibling 4; each chain level 2 more.
        let levels = (LayerJSON.maxDepth - 4) / 2 + excess
        var s = #"{"format":"lamina.layers","version":1,"root":{"sublayers":["#
        // Enough siblings first that the helper starts among them and reads the chain.
        s += String(repeating: "{},", count: levels * 8)
        s += String(repeating: #"{"sublayers":["#, count: levels) + "{}" + String(repeating: "]}", count: levels)
        s += "]}}"
        let (one, two, taken) = Self.both(Array(s.utf8))
        #expect(AheadDecode.start(in: Array(s.utf8)).map { Array(s.utf8)[$0 ..< $0 + 3] } == Array("{},".utf8)[...])
        switch (one, two) {
        case (.success(let x), .success(let y)): #expect(excess <= 0 && Self.same(x, y) && taken > 0)
        case (.failure(let x), .failure(let y)):
            #expect(excess > 0 && x.kind == .tooDeep)
            #expect(x.description == y.description)
        default: Issue.record("\(one) against \(two)")
        }
    }

    /// The guess falls in an extension array whose objects read as layers: the helper succeeds,
    /// but the main decoder never reaches that byte as a sublayer, so its layers are not taken.
    @Test func aGuessOutsideSublayersIsDropped() throws {
        let pad = String(repeating: "p", count: 4000)
        let s = #"{"format":"lamina.layers","version":1,"root":{"sublayers":[{"name":"a"},"#
            + #"{"x-a":[{"name":"\#(pad)"},{"name":"q"}]},{"name":"b"}]}}"#
        let bytes = Array(s.utf8)
        let start = try #require(AheadDecode.start(in: bytes))
        #expect(String(decoding: bytes[start...].prefix(12), as: UTF8.self) == #"{"name":"q"}"#)
        let (one, two, taken) = Self.both(bytes)
        let a = try one.get(), b = try two.get()
        #expect(Self.same(a, b) && taken == 0)
        #expect(b.tree.sublayers(of: b.root).map { b.tree[$0].name } == ["a", nil, "b"])
    }

    @Test func theGuessIsAnElementAfterTheMiddle() throws {
        let bytes = Array(#"{"a": [{"b": 1}, {"c": [1, {"d": 2}]}, {"e": 3}]}"#.utf8)
        let start = try #require(AheadDecode.start(in: bytes))
        #expect(start > bytes.count / 2 && bytes[start] == UInt8(ascii: "{"))
        #expect(AheadDecode.start(in: Array(#"{"a": "x,{,{,{,{,{"}"#.utf8)) != nil)  // checked later, not here
        #expect(AheadDecode.start(in: Array("[1, 2, 3, 4]".utf8)) == nil)
    }
}
