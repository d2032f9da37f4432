import Testing
@testable import LaminaCommands

@Suite struct JSONStructuralDiffTests {
    private func diff(_ a: String, _ b: String, tolerance: Double = 0) throws -> [String] {
        let old = try #require(CheckJSONDocument.parse(Array(a.utf8)))
        let new = try #require(CheckJSONDocument.parse(Array(b.utf8)))
        return JSONStructuralDiff.compare(old: old, new: new, tolerance: tolerance).lines
    }

    @Test func namesNestedLayerByPath() throws {
        let a = #"{"root": {"sublayers": [{"name": "a", "sublayers": [{}, {"opacity": 0.5}]}]}}"#
        let b = #"{"root": {"sublayers": [{"name": "a", "sublayers": [{}, {"opacity": 0.25}]}]}}"#
        #expect(try diff(a, b) == [#"layer "a/#1" key "opacity": 0.5 -> 0.25"#])
    }

    /// A name an earlier sibling has, or one a path cannot spell, is printed `#N` (SPEC §2:
    /// the name leads to the first), as `inspect` and the SVG diff print it.
    @Test func repeatedOrUnspellableNamesArePrintedAsIndices() throws {
        let a = #"{"root": {"sublayers": [{"name": "row"}, {"name": "row", "sublayers": [{"name": "cell", "opacity": 1}]}, {"name": "a/b", "opacity": 1}]}}"#
        let b = #"{"root": {"sublayers": [{"name": "row"}, {"name": "row", "sublayers": [{"name": "cell", "opacity": 0}]}, {"name": "a/b", "opacity": 0}]}}"#
        #expect(try diff(a, b) == [##"layer "#1/cell" key "opacity": 1 -> 0"##, ##"layer "#2" key "opacity": 1 -> 0"##])
    }

    @Test func reportsAddedRemovedKeysAndLayers() throws {
        let a = #"{"root": {"hidden": true, "sublayers": [{"name": "x"}]}, "version": 1}"#
        let b = #"{"root": {"sublayers": [{"name": "x"}, {"name": "y"}], "mask": {"opacity": 1}}, "version": 1}"#
        #expect(try diff(a, b) == [
            #"layer "/" key "hidden": true -> (absent)"#,
            #"layer "(mask)": (absent) -> {"opacity":1}"#,
            #"layer "y": (absent) -> {"name":"y"}"#,
        ])
    }

    @Test func keyPathsInsideContentAndResources() throws {
        let a = #"{"root": {"content": {"kind": "rect", "fill": {"ref": "g"}}}, "resources": {"g": {"stops": [1, 2]}}}"#
        let b = #"{"root": {"content": {"kind": "rect", "fill": {"ref": "h"}}}, "resources": {"g": {"stops": [1, 3]}}}"#
        #expect(try diff(a, b) == [
            #"layer "/" key "content.fill.ref": "g" -> "h""#,
            #"document key "resources.g.stops": [1,2] -> [1,3]"#,
        ])
    }

    @Test func toleranceAppliesToNumbersOnly() throws {
        #expect(try diff(#"{"a": [1, 2]}"#, #"{"a": [1.0001, 2]}"#, tolerance: 0.001)
            == [#"document key "a": [1,2] -> [1.0001,2] (within tolerance)"#])
        #expect(try diff(#"{"a": "1"}"#, #"{"a": "1.0001"}"#, tolerance: 0.001)
            == [#"document key "a": "1" -> "1.0001""#])
    }

    @Test func deepNestingDoesNotRecurse() throws {
        let depth = 20_000
        let a = String(repeating: #"{"sublayers": ["#, count: depth) + "{}" + String(repeating: "]}", count: depth)
        let b = String(repeating: #"{"sublayers": ["#, count: depth) + #"{"name": "leaf"}"# + String(repeating: "]}", count: depth)
        let lines = try diff(#"{"root": "# + a + "}", #"{"root": "# + b + "}")
        #expect(lines.count == 1)
        #expect(lines.first?.hasSuffix(##"#0/#0/leaf" key "name": (absent) -> "leaf""##) == true)
    }

    @Test func malformedJSONIsRejected() {
        for text in ["", "{", #"{"a" 1}"#, "[1,]", "tru", #"{"a": 1} x"#, "\"\u{1}\""] {
            #expect(CheckJSONDocument.parse(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(CheckJSONDocument.parse(Array(#"{"s": "\u00e9\n"}"#.utf8))?.nodes[1].text == "é\n")
    }
}
