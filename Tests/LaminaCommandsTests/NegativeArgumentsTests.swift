import Foundation
import LaminaCommands
import LaminaTestSupport
import Testing

/// Negative coordinates on the command line (`hit-test IN -5 3`), which ArgumentParser alone
/// reads as unknown options.
@Suite struct NegativeArgumentsTests {
    @Test(arguments: [
        (["hit-test", "a.svg", "-5", "3"], ["hit-test", "--", "a.svg", "-5", "3"]),
        (["hit-test", "a.svg", "-5", "-3.5", "--hit-order", "paint"], ["hit-test", "--hit-order", "paint", "--", "a.svg", "-5", "-3.5"]),
        (["map-point", "a.json", "-.5", "1e3", "--from", "x/y", "--to", "z"], ["map-point", "--from", "x/y", "--to", "z", "--", "a.json", "-.5", "1e3"]),
        (["map-rect", "-", "-10", "-10", "20", "20", "--size", "10", "20"], ["map-rect", "--size", "10", "20", "--", "-", "-10", "-10", "20", "20"]),
        (["debug", "a.svg", "--hit", "-5,-5", "-o", "-"], ["debug", "--hit=-5,-5", "-o", "-", "a.svg"]),
        // `convert --to debug --hit -5,-5` was `Missing value for '--hit <hit>'`.
        (["convert", "a.svg", "--to", "debug", "--hit", "-5,-5", "-o", "b.svg"], ["convert", "--to", "debug", "--hit=-5,-5", "-o", "b.svg", "a.svg"]),
        // Nothing to do: no negative number, a `--` given, another command.
        (["hit-test", "a.svg", "5", "3"], ["hit-test", "a.svg", "5", "3"]),
        (["hit-test", "a.svg", "--", "-5", "3"], ["hit-test", "a.svg", "--", "-5", "3"]),
        (["inspect", "a.svg", "-5"], ["inspect", "a.svg", "-5"]),
        (["hit-test", "a.svg", "-h"], ["hit-test", "a.svg", "-h"]),
    ] as [([String], [String])])
    func negativeNumbersArePositional(_ arguments: [String], _ expected: [String]) {
        #expect(NegativeArguments.rewrite(arguments) == expected)
    }

    @Test func hitTestAndMapPointTakeNegativeCoordinates() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let input = dir.appendingPathComponent("neg.json")
            // A root at the origin whose sublayer hangs out to the upper left.
            try Data(#"{"format": "lamina.layers", "version": 1, "root": {"bounds": [0, 0, 100, 100], "anchorPoint": [0, 0], "sublayers": [{"name": "out", "bounds": [0, 0, 40, 40], "position": [-10, -10]}]}}"#.utf8).write(to: input)
            let hit = try TestSupport.runLamina(["hit-test", input.path, "-25", "-5"])
            #expect(hit.status == 0, "\(hit.stderr)")
            #expect(hit.stdout == "out\n")
            let map = try TestSupport.runLamina(["map-point", input.path, "-25", "-5", "--to", "out"])
            #expect(map.status == 0, "\(map.stderr)")
            #expect(map.stdout == "5 25\n")
            // `convert --to debug` takes `--hit` as `debug` does.
            let debug = try TestSupport.runLamina(["debug", input.path, "--hit", "-25,-5"])
            let convert = try TestSupport.runLamina(["convert", input.path, "--to", "debug", "--hit", "-25,-5"])
            #expect(convert.status == 0, "\(convert.stderr)")
            #expect(convert.stdout == debug.stdout)
            #expect(convert.stdout.contains("data-layer=\"out\""))
        }
    }
}
