import LaminaCore
import Testing

@testable import LaminaSVGImport

/// `CascadeWinners` scans for a property's winner only once a winner of that property is there
/// (a bit per property id): the winners must be those of the cascade's rule read literally.
@Suite struct CascadeWinnersSeenTests {
    @Test func everyPropertyIdFitsTheSeenBits() {
        #expect(CSSProperty.other.rawValue < 32)
    }

    /// Offers drawn from every known property and a few others, repeated, some `!important`,
    /// against a model: the last valid declaration wins unless an earlier one is `!important`
    /// and it is not; a property keeps the place where it first won.
    @Test(arguments: [1, 2, 3, 4])
    func winnersMatchTheCascadeRule(_ seed: UInt64) {
        let known = PropertyNames.names.filter { CSSProperty.of($0) != .other }
        let names = known + ["x-a", "--v", "x-b"]
        let values = ["inherit", "initial", "unset", "nonsense(", "var(--v)"]
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        var arena = CascadeArena(chunkCapacity: 64)
        let storage = arena.storage(withRoom: 64)
        var w = CascadeWinners(scratch: storage.free)
        var model: [(name: String, value: String, important: Bool)] = []
        for _ in 0..<200 {
            let name = names[next(names.count)], value = values[next(values.count)], important = next(4) == 0
            let property = CSSProperty.of(name)
            w.offer(name, value, property, important: important)
            if case .invalid = ComputedStyle.parse(property, value) { continue }
            if let k = model.firstIndex(where: { $0.name == name }) {
                if important || !model[k].important { model[k] = (name, value, important || model[k].important) }
            } else {
                model.append((name, value, important))
            }
        }
        let got = w.take(into: &arena, from: storage).map { "\($0.name)=\($0.value)" }
        #expect(got == model.map { "\($0.name)=\($0.value)" })
        #expect(model.count > 20)
    }
}
