import Foundation
import LaminaCommands
import LaminaTestSupport
import Testing

/// Numbers typed on the command line are decimal and finite.
@Suite struct NumberArgumentsTests {
    @Test(arguments: [
        ("5", 5.0), ("-0.5", -0.5), ("+2", 2), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("-1E-2", -0.01), ("0", 0),
    ] as [(String, Double)])
    func decimalNumbersAreRead(text: String, value: Double) {
        #expect(DecimalNumber.parse(text) == value)
    }

    /// Swift's `Double(_:)` reads every one of these; none is a decimal number a user means.
    @Test(arguments: ["0x10", "-0x10", "0x1p3", "inf", "-inf", "Infinity", "nan", "-nan", "NaN", "1e999", "-1e999",
                      "", "-", "+", ".", "e5", "1e", "1e+", " 5", "5 ", "1_0", "1,5", "--5"])
    func otherSpellingsAreNot(text: String) {
        #expect(DecimalNumber.parse(text) == nil)
    }

    /// `-inf`, `-nan` and `-infinity` are number words too, so that they reach the number's check.
    @Test(arguments: ["-inf", "-nan", "-infinity", "-0x10", "-5", "-5,-5"])
    func negativeSpellingsArePositional(word: String) {
        #expect(NegativeArguments.rewrite(["hit-test", "a.svg", word, "3"]) == ["hit-test", "--", "a.svg", word, "3"])
    }

    /// Coordinates: `hit-test in.svg -inf 1` was `Missing expected argument '<y>'` (the word read
    /// as an option), and `0x10` was read as 16 (`map-point … 1 0x10` printed `1 16`). Each is now
    /// refused with the value named (64, nothing on standard output).
    @Test(arguments: ["-inf", "inf", "nan", "-nan", "infinity", "0x10", "1e999"])
    func coordinatesAreFiniteDecimalNumbers(value: String) throws {
        for (arguments, what) in [
            (["hit-test", "Samples/clock.svg", value, "1"], "X"),
            (["map-point", "Samples/clock.svg", "1", value], "Y"),
            (["map-rect", "Samples/clock.svg", "0", "0", value, "1"], "rect"),
        ] {
            let run = try TestSupport.runLamina(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr == "lamina: error: \(what) must be a finite decimal number, got '\(value)'\n", "\(arguments)")
        }
    }

    /// Options: `--size -inf 10` and `--tolerance -nan` were `Missing value for …`; `--size inf
    /// 10` said the rule without the value; `--size 0x10 20` made a 16-wide root and `--hit
    /// 0x10,1` marked x = 16. Each is refused with its rule and the value (64).
    @Test(arguments: ["-inf", "inf", "nan", "0x10"])
    func numberOptionsAreFiniteDecimalNumbers(value: String) throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data(FirstUseTests.svg.utf8).write(to: dir.appendingPathComponent("in.svg"))
            for (arguments, message) in [
                (["layout", "in.svg", "--size", value, "10"], "--size needs finite, non-negative decimal numbers, got '\(value)'"),
                (["inspect", "in.svg", "--size", "10", value], "--size needs finite, non-negative decimal numbers, got '\(value)'"),
                (["check", "in.svg", "--tolerance", value], "--tolerance must be a finite, non-negative decimal number, got '\(value)'"),
                (["debug", "in.svg", "--hit", "\(value),1", "-o", "out.svg"], "--hit takes X,Y (two finite decimal numbers), got '\(value),1'"),
            ] {
                let run = try TestSupport.runLamina(arguments, in: dir, timeout: 30)
                #expect(run.status == 64, "\(arguments): \(run.stderr)")
                #expect(run.stdout.isEmpty, "\(arguments)")
                #expect(run.stderr.split(separator: "\n").first.map(String.init) == "lamina: error: \(message)", "\(arguments)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.svg"])
        }
    }
}
