import Testing

@testable import LaminaSVGImport

extension CascadeWinnersTests {
    /// The winners of 80 properties offered twice, the first time `!important` for every third
    /// one: past 31 winners they are found by name, past 64 their flags are kept apart.
    static func manyWinners(scratch: Int) -> [String] {
        var arena = CascadeArena(chunkCapacity: scratch)
        let storage = arena.storage(withRoom: scratch)
        var w = CascadeWinners(scratch: UnsafeMutableBufferPointer(rebasing: storage.free[0..<scratch]))
        for round in 0..<2 {
            for k in 0..<80 {
                let important = round == 0 && k % 3 == 0
                w.offer("--p\(k)", "r\(round)", .other, important: important)
            }
        }
        // Known properties after them: found by name too, and `!important` past 64.
        w.offer("fill", "red", .fill, important: true)
        w.offer("fill", "blue", .fill, important: false)
        w.offer("stroke", "red", .stroke, important: false)
        w.offer("stroke", "blue", .stroke, important: false)
        return w.take(into: &arena, from: storage).map { "\($0.name)=\($0.value)" }
    }

    @Test(arguments: [8, 128])
    func manyWinnersKeepTheirImportance(_ scratch: Int) {
        let expected = (0..<80).map { "--p\($0)=r\($0 % 3 == 0 ? 0 : 1)" } + ["fill=red", "stroke=blue"]
        #expect(Self.manyWinners(scratch: scratch) == expected)
    }
}
