@testable import LaminaCore
import Testing

/// The set of names behind ``LayerTree/SiblingNames`` past its first four: each name admitted
/// once, code point by code point, through the growths of its table.
struct NameSetTests {
    @Test func eachNameIsAdmittedOnceThroughGrowth() {
        var set = NameSet()
        let names = (0..<3000).map { "n\($0 % 1000)" } + ["caf\u{00E9}", "cafe\u{0301}", "caf\u{00E9}", "", "日本", "日本"]
        var oracle: Set<[Unicode.Scalar]> = []
        for name in names {
            #expect(set.insert(name) == oracle.insert(Array(name.unicodeScalars)).inserted, "\(name)")
        }
        #expect(oracle.count == 1004)
    }

    /// Through ``LayerTree/SiblingNames``: the first four names and the set agree.
    @Test func siblingNamesAdmitTheFirstOfEachName() {
        var names = LayerTree.SiblingNames()
        let asked = (0..<40).map { "s\($0 % 13)" }
        let admitted = asked.map { names.admits($0) }
        #expect(admitted == asked.indices.map { $0 < 13 })
    }
}
