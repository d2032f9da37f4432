import Testing

@testable import LaminaExport

/// A node's chain of ancestors, outermost first (``FlatWriter/chain(from:count:parent:)``, the
/// clip runs' and the groups' chains), counted and then written in place: the chain that
/// appending each ancestor and reversing gives, for well-formed forests and for parent links
/// that leave the range or loop.
@Suite struct FlatWriterChainTests {
    /// Appended from the node up, then reversed: the chain as it was made before.
    static func appended(from node: Int?, count: Int, parent: (Int) -> Int?) -> [Int] {
        var chain: [Int] = []
        var cur = node
        while let c = cur, c >= 0, c < count, chain.count <= count {
            chain.append(c)
            cur = parent(c)
        }
        return chain.reversed()
    }

    @Test func chainsAreTheAppendedAndReversedOnes() {
        var g = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 7, 40] {
            for _ in 0..<50 {
                // Parents below each node (a forest), some out of range or looping back up.
                let parents: [Int?] = (0..<count).map { i in
                    switch Int.random(in: 0..<10, using: &g) {
                    case 0: nil
                    case 1: count + Int.random(in: 0...3, using: &g)
                    case 2: -1
                    case 3: Int.random(in: 0..<max(1, count), using: &g)
                    default: i == 0 ? nil : Int.random(in: 0..<i, using: &g)
                    }
                }
                let parent: (Int) -> Int? = { parents[$0] }
                for node in [nil, -1, count, count + 5] + Array(0..<count).map(Optional.some) {
                    let made = FlatWriter.chain(from: node, count: count, parent: parent)
                    #expect(made == Self.appended(from: node, count: count, parent: parent), "\(parents) from \(String(describing: node))")
                }
            }
        }
    }

    @Test func aChainIsOutermostFirst() {
        let parents: [Int?] = [nil, 0, 1, 2, 1]
        #expect(FlatWriter.chain(from: 3, count: 5) { parents[$0] } == [0, 1, 2, 3])
        #expect(FlatWriter.chain(from: 4, count: 5) { parents[$0] } == [0, 1, 4])
        #expect(FlatWriter.chain(from: nil, count: 5) { parents[$0] }.isEmpty)
        // A loop stops after one step more than there are nodes.
        let loop: [Int?] = [1, 0]
        #expect(FlatWriter.chain(from: 0, count: 2) { loop[$0] } == [0, 1, 0])
    }
}
