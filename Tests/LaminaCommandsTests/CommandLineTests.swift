import Foundation
import LaminaTestSupport
import Testing

/// End-to-end runs of the built `lamina` binary: outputs, exit codes and stderr.
@Suite struct CommandLineTests {
    let samples = TestSupport.packageRoot.appendingPathComponent("Samples")

    /// No command is a usage error (64); `--help` is not.
    @Test func noCommandIsAUsageError() throws {
        let bare = try TestSupport.runLamina([])
        #expect(bare.status == 64)
        #expect(bare.stderr.contains("choose a command"), "\(bare.stderr)")
        let help = try TestSupport.runLamina(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("SUBCOMMANDS"), "\(help.stdout)")
    }

    /// `--version` names the release and the JSON format written, on standard output.
    @Test func versionNamesTheJSONFormat() throws {
        let run = try TestSupport.runLamina(["--version"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("lamina "), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("(layer JSON: lamina.layers version 1)\n"), "\(run.stdout)")
    }

    /// Options the output does not use are named, not dropped silently; those it uses are not.
    @Test(arguments: [
        (["convert", "Samples/clock.svg", "-o", "-", "--keep-groups"], "--keep-groups ignored: the output is layer JSON"),
        (["convert", "Samples/clock.svg", "--to", "svg", "-o", "-", "--only", "hour", "--no-labels"],
         "--only, --no-labels ignored: the output is a flattened SVG"),
        (["convert", "Samples/clock.svg", "--to", "debug", "-o", "-", "--keep-groups", "--no-labels"], ""),
    ])
    func optionsTheOutputDoesNotUseAreNamed(arguments: [String], warning: String) throws {
        let run = try TestSupport.runLamina(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == (warning.isEmpty ? "" : "lamina: warning: \(warning)\n"))
    }

    @Test func inspectShowsTheHourHandFrame() throws {
        let run = try TestSupport.runLamina(["inspect", "Samples/clock.json", "--layer", "hour"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
        let hour = try #require(json?.first)
        #expect(hour["path"] as? String == "hour")
        #expect(hour["frame"] as? [Double] == [94, 95, 60, 10])
    }

    @Test func inspectOnSVGPutsTheHandAnchorsAtTheCentre() throws {
        let run = try TestSupport.runLamina(["inspect", "Samples/clock.svg"])
        #expect(run.status == 0, "\(run.stderr)")
        let layers = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        for hand in ["hour", "minute", "second"] {
            let layer = try #require(layers.first { $0["path"] as? String == hand })
            let anchor = try #require(layer["anchorInRoot"] as? [Double])
            #expect(abs(anchor[0] - 100) < 1e-6 && abs(anchor[1] - 100) < 1e-6, "\(hand): \(anchor)")
        }
        let hour = try #require(layers.first { $0["path"] as? String == "hour" })
        let frame = try #require(hour["frame"] as? [Double])
        for (a, b) in zip(frame, [94.0, 95, 60, 10]) { #expect(abs(a - b) < 1e-6, "\(frame)") }
    }

    /// A viewBox-only input gives a viewBox-only output (it sizes itself as the input does);
    /// `layout --size` then writes the size it was given, in the root's own space: the root
    /// keeps its sublayerTransform (as `CALayer` does), so the recorded viewBox no longer holds.
    @Test func viewBoxOnlyOutputAndLayoutSize() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let input = dir.appendingPathComponent("icon.svg")
            try Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="12" height="12"/></svg>"#.utf8).write(to: input)
            let flat = try TestSupport.runLamina(["convert", input.path, "--to", "svg", "-o", "-"])
            #expect(flat.status == 0, "\(flat.stderr)")
            #expect(flat.stdout.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">"#), "\(flat.stdout)")
            let laid = dir.appendingPathComponent("laid.json")
            let layout = try TestSupport.runLamina(["layout", input.path, "--size", "48", "48", "-o", laid.path])
            #expect(layout.status == 0, "\(layout.stderr)")
            let resized = try TestSupport.runLamina(["convert", laid.path, "--to", "svg", "-o", "-"])
            #expect(resized.stdout.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">"#), "\(resized.stdout)")
        }
    }

    /// After `--size`, the flattened picture, the overlay and the layer geometry agree: the
    /// viewBox of the input (a ×2 mapping) is not written again over the new size.
    @Test func resizedViewBoxRootDrawsWhatTheLayersSay() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let input = dir.appendingPathComponent("vb.svg")
            try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 100 100"><rect id="r" x="10" y="10" width="20" height="20" fill="red"/></svg>"#.utf8).write(to: input)
            let flat = try TestSupport.runLamina(["convert", input.path, "--size", "400", "400", "--to", "svg", "-o", "-"])
            #expect(flat.status == 0, "\(flat.stderr)")
            #expect(flat.stdout.contains(#"width="400" height="400" viewBox="0 0 400 400""#), "\(flat.stdout)")
            let inspect = try TestSupport.runLamina(["inspect", input.path, "--size", "400", "400", "--layer", "r"])
            let layers = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [[String: Any]])
            // The rect is written with the same map the layers have to the root (the ×2 of
            // the sublayerTransform, about the resized root's anchor).
            #expect(layers.first?["toRoot"] as? [Double] == [2, 0, 0, 2, -100, -100])
            #expect(flat.stdout.contains(#"<rect x="10" y="10" width="20" height="20" transform="matrix(2 0 0 2 -100 -100)""#), "\(flat.stdout)")
            // The overlay is drawn in the same space: no viewBox map in front of it.
            let debug = try TestSupport.runLamina(["debug", input.path, "--size", "400", "400", "-o", "-"])
            #expect(debug.status == 0, "\(debug.stderr)")
            #expect(debug.stdout.contains(#"<g id="lamina-overlay""#))
            #expect(!debug.stdout.contains(#"<g id="lamina-overlay" transform="#), "\(debug.stdout.prefix(600))")
            // Unresized, the input's viewBox is kept.
            let plain = try TestSupport.runLamina(["convert", input.path, "--to", "svg", "-o", "-"])
            #expect(plain.stdout.contains(#"width="200" height="200" viewBox="0 0 100 100""#), "\(plain.stdout)")
        }
    }

    @Test(arguments: [
        ("150", "150", "white/blue"), ("60", "60", "white"), ("10", "10", "/"), ("400", "10", "none"),
    ])
    func hitTestFindsTheDeepestLayer(x: String, y: String, expected: String) throws {
        let run = try TestSupport.runLamina(["hit-test", "Samples/hit-testing.json", x, y])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == expected + "\n")
    }

    @Test func hitTestOrderArrayIgnoresZPosition() throws {
        let array = try TestSupport.runLamina(["hit-test", "Samples/zposition.json", "120", "100"])
        let paint = try TestSupport.runLamina(["hit-test", "Samples/zposition.json", "120", "100", "--hit-order", "paint"])
        #expect(array.stdout == "red\n")
        #expect(paint.stdout == "green\n")
    }

    @Test func mapPointConvertsIntoASublayer() throws {
        let run = try TestSupport.runLamina(["map-point", "Samples/hit-testing.json", "150", "150", "--to", "white/blue"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "50 50\n")
    }

    /// A rectangle with no image prints NaN with a warning, as a point does (CLI.md).
    @Test func mapRectWithNoImagePrintsNaNWithAWarning() throws {
        let json =
            #"{"format": "lamina.layers", "version": 1, "root": {"bounds": [0, 0, 100, 100], "position": [50, 50], "#
            + #""sublayers": [{"name": "flat", "bounds": [0, 0, 10, 10], "position": [50, 50], "#
            + #""transform": [0, 0, 0, 1, 0, 0]}]}}"#
        let scene = Data(json.utf8)
        let rect = try TestSupport.runLamina(["map-rect", "-", "10", "10", "5", "5", "--to", "flat"], stdin: scene)
        #expect(rect.status == 0, "\(rect.stderr)")
        #expect(rect.stdout == "nan nan nan nan\n")
        #expect(rect.stderr.contains("warning: the rectangle has no image: a transform on the way is not invertible"), "\(rect.stderr)")
        let point = try TestSupport.runLamina(["map-point", "-", "10", "10", "--to", "flat"], stdin: scene)
        #expect(point.stdout == "nan nan\n")
    }

    /// A point behind the eye (a layer turned 100° about y under perspective) has no image
    /// either, and the warning names that cause too; nothing on the way is singular.
    @Test func mapPointBehindTheEyeSaysSo() throws {
        let json =
            #"{"format": "lamina.layers", "version": 1, "root": {"bounds": [0, 0, 100, 100], "position": [50, 50], "#
            + #""sublayerTransform": [1,0,0,0, 0,1,0,0, 0,0,1,-0.01, 0,0,0,1], "sublayers": [{"name": "turned", "#
            + #""bounds": [0, 0, 400, 100], "position": [50, 50], "#
            + #""transform": [-0.173648, 0, -0.984808, 0, 0, 1, 0, 0, 0.984808, 0, -0.173648, 0, 0, 0, 0, 1]}]}}"#
        let run = try TestSupport.runLamina(["map-point", "-", "10", "50", "--from", "turned"], stdin: Data(json.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "nan nan\n")
        #expect(run.stderr.contains("warning: the point has no image: a transform on the way is not invertible or puts it behind the eye"), "\(run.stderr)")
    }

    /// `map-rect` takes `--size` as `map-point` and the other commands that read a scene do.
    @Test func mapRectTakesSizeLikeMapPoint() throws {
        // A sublayer whose left margin is flexible keeps its right margin: 100 → 200 wide moves it by 100.
        let json =
            #"{"format": "lamina.layers", "version": 1, "root": {"bounds": [0, 0, 100, 100], "position": [50, 50], "#
            + #""sublayers": [{"name": "edge", "bounds": [0, 0, 10, 10], "position": [95, 50], "#
            + #""autoresizingMask": ["minXMargin"]}]}}"#
        let scene = Data(json.utf8)
        let rect = try TestSupport.runLamina(
            ["map-rect", "-", "0", "0", "10", "10", "--from", "edge", "--size", "200", "100"], stdin: scene)
        #expect(rect.status == 0, "\(rect.stderr)")
        #expect(rect.stdout == "190 45 10 10\n")
        let point = try TestSupport.runLamina(["map-point", "-", "0", "0", "--from", "edge", "--size", "200", "100"], stdin: scene)
        #expect(point.stdout == "190 45\n")
    }

    @Test func layoutPlacesApplesConstraintExample() throws {
        let run = try TestSupport.runLamina(["inspect", "Samples/constraints.svg", "--size", "300", "200"])
        #expect(run.status == 0, "\(run.stderr)")
        let layers = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let a = try #require(layers.first { $0["path"] as? String == "layerA" }?["frame"] as? [Double])
        let b = try #require(layers.first { $0["path"] as? String == "layerB" }?["frame"] as? [Double])
        #expect(a == [100, 87.5, 100, 25])
        #expect(b == [100, 10, 100, 67.5])
    }

    @Test(arguments: [
        ("{\"format\":\"lamina.layers\",\"version\":1,\"root\":{\"opacity\":\"x\"}}", "root.opacity"),
        ("{\"format\":\"lamina.layers\",\"version\":99,\"root\":{}}", "version"),
        ("{\"format\":\"lamina.layers\",\"version\":1,\"root\":{\"bogus\":1}}", "bogus"),
        ("{\"format\":\"lamina.layers\",\"version\":1,\"root\":{", "error"),
        ("{\"format\":\"lamina.layers\",\"version\":1,\"root\":{\"opacity\":NaN}}", "error"),
    ])
    func badJSONIsADataError(text: String, mention: String) throws {
        try TestSupport.withTemporaryDirectory { dir in
            let file = dir.appendingPathComponent("scene.json")
            try Data(text.utf8).write(to: file)
            let out = dir.appendingPathComponent("out.svg")
            let run = try TestSupport.runLamina(["convert", file.path, "-o", out.path])
            #expect(run.status == 65)
            #expect(run.stderr.contains("scene.json"))
            #expect(run.stderr.contains("error:"))
            #expect(run.stderr.contains(mention), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["scene.json"])
        }
    }

    @Test func deeplyNestedJSONIsAnErrorNotACrash() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let file = dir.appendingPathComponent("deep.json")
            var text = "{\"format\":\"lamina.layers\",\"version\":1,\"root\":"
            text += String(repeating: "{\"sublayers\":[", count: 100_000)
            text += "{}" + String(repeating: "]}", count: 100_000) + "}"
            try Data(text.utf8).write(to: file)
            let run = try TestSupport.runLamina(["inspect", file.path])
            #expect(run.status == 65 || run.status == 0, "\(run.stderr.prefix(300))")
            #expect(run.status < 128)
        }
    }

    @Test func missingInputIs66() throws {
        let run = try TestSupport.runLamina(["convert", "no-such-file.svg", "-o", "/tmp/x.json"])
        #expect(run.status == 66)
        #expect(run.stderr.hasPrefix("no-such-file.svg: error:"))
    }

    @Test func unwritableOutputIs73AndLeavesNothing() throws {
        let run = try TestSupport.runLamina(["convert", "Samples/clock.svg", "-o", "/nonexistent-dir/out.svg"])
        #expect(run.status == 73)
        #expect(run.stderr.contains("error:"))
    }

    @Test func convertReadsStandardInputAndWritesStandardOutput() throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect id='r' width='5' height='5'/></svg>"
        let run = try TestSupport.runLamina(["convert", "-", "-o", "-", "--to", "json"], stdin: Data(svg.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"lamina.layers\""))
        #expect(run.stdout.contains("\"r\""))
    }

    @Test func batchKeepsGoingPastABadFileAndReportsTheWorstStatus() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let inputs = dir.appendingPathComponent("in")
            try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
            let good = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='5' height='5'/></svg>"
            try Data(good.utf8).write(to: inputs.appendingPathComponent("a.svg"))
            try Data("<svg".utf8).write(to: inputs.appendingPathComponent("b.svg"))
            try Data(good.utf8).write(to: inputs.appendingPathComponent("c.svg"))
            let out = dir.appendingPathComponent("out")
            let run = try TestSupport.runLamina(["convert", inputs.path, "--output-dir", out.path, "--to", "json", "--jobs", "2"])
            #expect(run.status == 65)
            #expect(run.stderr.contains("b.svg"))
            let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(written == ["a.json", "c.json"])
        }
    }
    /// `--only` naming no layer: one file is a usage error (64) and writes nothing, as
    /// `inspect --layer` is; a batch warns per file and writes them all (the layer may be in some).
    @Test func debugOnlyOfAMissingLayer() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let input = dir.appendingPathComponent("a.svg")
            try Data("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect id='box' width='5' height='5'/></svg>".utf8).write(to: input)
            let out = dir.appendingPathComponent("a.debug.svg")
            for arguments in [
                ["debug", input.path, "--only", "nope", "-o", out.path],
                ["debug", input.path, "--only", "nope", "--hit", "1,1", "-o", out.path],
                ["convert", input.path, "--to", "debug", "--only", "nope", "-o", out.path],
            ] {
                let run = try TestSupport.runLamina(arguments)
                #expect(run.status == 64, "\(arguments): \(run.stderr)")
                #expect(run.stderr.contains("a.svg: error: no layer at path 'nope'"), "\(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out.path))
            }
            let found = try TestSupport.runLamina(["debug", input.path, "--only", "box", "-o", out.path])
            #expect(found.status == 0, "\(found.stderr)")
            #expect(try String(contentsOf: out, encoding: .utf8).contains(#"data-layer="box""#))

            let batch = dir.appendingPathComponent("batch")
            let run = try TestSupport.runLamina(["convert", input.path, "--output-dir", batch.path, "--to", "debug", "--only", "nope"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("warning: debug overlay: no layer at path 'nope'"), "\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: batch.appendingPathComponent("a.debug.svg").path))
        }
    }

    /// hit-test prints a path per line on stdout: a name with an escape sequence or a line feed
    /// (a hand-written or hostile layer JSON) is printed as its index, not as terminal codes.
    @Test func hitTestPrintsNamesWithControlCharactersAsIndexes() throws {
        let json = #"{"format": "lamina.layers", "version": 1, "root": {"bounds": [0, 0, 100, 100], "position": [50, 50], "sublayers": ["#
            + #"{"name": "\u001b[2J\u001b[31mred", "bounds": [0, 0, 100, 100], "position": [50, 50], "sublayers": ["#
            + #"{"name": "x\ny", "bounds": [0, 0, 10, 10], "position": [5, 5]}]}]}}"#
        let run = try TestSupport.runLamina(["hit-test", "-", "5", "5"], stdin: Data(json.utf8))
        #expect(run.status == 0)
        #expect(run.stdout == "#0/#0\n")
    }
}
