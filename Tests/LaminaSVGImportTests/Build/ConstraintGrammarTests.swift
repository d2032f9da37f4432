import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct ConstraintGrammarTests {
    @Test(arguments: [
        ("width = superlayer.width * 0.5", Constraint(attribute: .width, relativeTo: "superlayer", sourceAttribute: .width, scale: 0.5)),
        ("minX = side-bar.maxX + 8", Constraint(attribute: .minX, relativeTo: "side-bar", sourceAttribute: .maxX, offset: 8)),
        ("maxY=layer.A.minY-10", Constraint(attribute: .maxY, relativeTo: "layer.A", sourceAttribute: .minY, offset: -10)),
        ("midY = superlayer.midX * -2 - 1.5", Constraint(attribute: .midY, relativeTo: "superlayer", sourceAttribute: .midX, scale: -2, offset: -1.5)),
        // Exponents with a sign, in the scale as in the offset.
        ("width = superlayer.width * 5e-1", Constraint(attribute: .width, relativeTo: "superlayer", sourceAttribute: .width, scale: 0.5)),
        ("width = superlayer.width*2E+1-1e-1", Constraint(attribute: .width, relativeTo: "superlayer", sourceAttribute: .width, scale: 20, offset: -0.1)),
    ])
    func clauses(text: String, expected: Constraint) throws {
        #expect(try ConstraintGrammar.parse(text, location: nil) == [expected])
    }

    @Test func clausesAreSemicolonSeparated() throws {
        let list = try ConstraintGrammar.parse("midX = superlayer.midX; height = a.height;", location: nil)
        #expect(list.map(\.attribute) == [.midX, .height])
    }

    @Test(arguments: [
        ("middle = superlayer.midX", "unknown constraint attribute 'middle'"),
        ("midX = superlayer.centre", "unknown constraint attribute 'centre'"),
        ("midX superlayer.midX", "constraint 'midX superlayer.midX' has no '='"),
        ("midX = superlayer.midX * x", "constraint 'midX = superlayer.midX * x' does not read 'attr = (superlayer|NAME).attr [* scale] [± offset]'"),
        ("midX = superlayer.midX * 0x10", "constraint 'midX = superlayer.midX * 0x10' does not read 'attr = (superlayer|NAME).attr [* scale] [± offset]'"),
    ])
    func errors(text: String, message: String) {
        #expect(throws: ConstraintGrammar.Failure.self) { try ConstraintGrammar.parse(text, location: nil) }
        do {
            _ = try ConstraintGrammar.parse(text, location: nil)
        } catch {
            #expect(error.message == message)
        }
    }
}
