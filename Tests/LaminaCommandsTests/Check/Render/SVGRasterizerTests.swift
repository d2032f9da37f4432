import Foundation
import Testing
@testable import LaminaCommands

@Suite struct SVGRasterizerTests {
    /// A stand-in for resvg: copies `IN.png` (prepared by the test) to the output path.
    private func fakeResvg(in box: CheckSandbox) throws -> URL {
        try box.write("bin/fake-resvg", """
            #!/bin/sh
            for last; do :; done
            in=""; prev=""
            for a; do if [ "$a" = "$last" ]; then in="$prev"; fi; prev="$a"; done
            cp "$in.png" "$last"

            """)
        let url = box.root.appendingPathComponent("bin/fake-resvg")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    private func png(_ value: UInt8) -> [UInt8] {
        RGBAImage(width: 20, height: 20, pixels: Array((0..<(20 * 20)).flatMap { _ in [value, value, value, 255] })).encodePNG()
    }

    @Test func renderReportsPixelsAndWritesDiffImage() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try box.write("lamina-check.json", #"{"kinds": ["svg"]}"#)
        try box.remove("clock.expected.json")
        try box.remove("clock.expected.debug.svg")
        let changed = ClockOutputs.svg.replacingOccurrences(of: "#333", with: "#334")
        try CheckFiles.writeAtomically(png(255), to: box.root.appendingPathComponent("clock.expected.svg.png"))
        try CheckFiles.writeAtomically(png(0), to: box.root.appendingPathComponent("clock.actual.svg.png"))
        let options = CheckOptions(render: true, rasterizer: try fakeResvg(in: box))
        let report = await box.run(ClockOutputs.outputs(svg: changed), options: options)
        #expect(report.exitCode == 1)
        let pixels = try #require(report.scenes.first?.kinds.first?.pixels)
        #expect(pixels.differing == 400 && !pixels.passed)
        #expect(report.text.contains("  render: 400/400 px differ (100%), max channel diff 255: mismatch; diff image "))
        let bytes = try #require(FileManager.default.contents(atPath: box.root.appendingPathComponent("clock.actual.svg.diff.png").path))
        let diff = try RGBAImage.decodePNG([UInt8](bytes)).get()
        #expect(diff.width == 68)
    }

    @Test func locateFindsResvgOnPathFirst() throws {
        let box = try CheckSandbox()
        let fake = try fakeResvg(in: box)
        try FileManager.default.copyItem(at: fake, to: box.root.appendingPathComponent("bin/resvg"))
        let found = SVGRasterizer.locate(override: nil, environment: ["PATH": "/nonexistent:" + box.root.path + "/bin"])
        #expect(found == SVGRasterizer(executable: box.root.appendingPathComponent("bin/resvg"), flavor: .resvg))
        #expect(SVGRasterizer.locate(override: nil, environment: ["PATH": "/nonexistent", "HOME": "/nonexistent"]) == nil)
    }

    @Test func missingRendererStopsTheRun() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        let options = CheckOptions(render: true, environment: ["PATH": "/nonexistent", "HOME": "/nonexistent"])
        let report = await box.run(ClockOutputs.outputs(), options: options)
        #expect(report.exitCode == 69)
        #expect(report.errorText == "lamina: error: --render needs resvg or rsvg-convert on PATH\n")
        // A renderer named by $LAMINA_RENDERER that is not there is named (it said "on PATH").
        let named = CheckOptions(render: true, environment: ["LAMINA_RENDERER": "/nonexistent/resvg", "PATH": "/usr/bin"])
        let missing = await box.run(ClockOutputs.outputs(), options: named)
        #expect(missing.exitCode == 69)
        #expect(missing.errorText == "lamina: error: LAMINA_RENDERER /nonexistent/resvg is not an executable file\n")
    }

    /// Needs `resvg` or `rsvg-convert` (`.ci/run` installs resvg; librsvg's is common on Linux).
    @Test func realRendererComparesPictures() throws {
        let renderer = try #require(SVGRasterizer.locate(override: nil, environment: ProcessInfo.processInfo.environment),
                                    "no resvg or rsvg-convert on PATH")
        let box = try CheckSandbox()
        let source = try #require(FileManager.default.contents(
            atPath: RGBAImageTests.fixtures.appendingPathComponent("render-sample.svg").path))
        let svg = String(decoding: source, as: UTF8.self)
        try box.write("golden.svg", svg)
        try box.write("same.svg", svg.replacingOccurrences(of: "<title>", with: "<desc>moved</desc><title>"))
        try box.write("moved.svg", svg.replacingOccurrences(of: #"x="2""#, with: #"x="4""#))
        let golden = box.root.appendingPathComponent("golden.svg")
        let same = renderer.compare(golden: golden, actual: box.root.appendingPathComponent("same.svg"),
                                    diffImage: box.root.appendingPathComponent("same.png"))
        #expect(same.error == nil && same.passed && same.differing == 0)
        #expect(same.width == 128 && (85...86).contains(same.height))
        let moved = renderer.compare(golden: golden, actual: box.root.appendingPathComponent("moved.svg"),
                                     diffImage: box.root.appendingPathComponent("moved.png"))
        #expect(!moved.passed && moved.differing > 100)
        #expect(box.exists("moved.png") && !box.exists("same.png"))
    }

    /// A large drawing is rendered scaled down to 4096 px on its longer side: at its own size a
    /// 12000 px square took 47 s and 2.9 GB to compare, and larger ones exhausted memory.
    @Test func aLargeDrawingIsRenderedScaledDown() throws {
        let box = try CheckSandbox()
        try box.write("bin/logging-renderer", """
            #!/bin/sh
            echo "$@" >> "$(dirname "$0")/calls"
            for last; do :; done
            cp "$(dirname "$0")/image.png" "$last"

            """)
        let renderer = box.root.appendingPathComponent("bin/logging-renderer")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: renderer.path)
        let image = RGBAImage(width: 256, height: 128, pixels: [UInt8](repeating: 200, count: 256 * 128 * 4))
        try CheckFiles.writeAtomically(image.encodePNG(), to: box.root.appendingPathComponent("bin/image.png"))
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="12000" height="6000" viewBox="0 0 12000 6000"><rect width="9" height="9"/></svg>"#
        try box.write("golden.svg", svg)
        try box.write("actual.svg", svg.replacingOccurrences(of: "9", with: "8"))
        let rasterizer = SVGRasterizer(executable: renderer, flavor: .resvg)
        let result = rasterizer.compare(golden: box.root.appendingPathComponent("golden.svg"),
                                        actual: box.root.appendingPathComponent("actual.svg"),
                                        diffImage: box.root.appendingPathComponent("diff.png"))
        #expect(result.error == nil)
        let calls = try #require(box.read("bin/calls")).split(separator: "\n")
        #expect(calls.count == 2)
        #expect(calls.first?.hasPrefix("--skip-system-fonts -w 4096 -h 2048 ") == true)
        // The actual output is rendered at the size the golden's render came out (the fake's image).
        #expect(calls.last?.hasPrefix("--skip-system-fonts -w 256 -h 128 ") == true)
        #expect(SVGRasterizer.cappedSize(declaredBy: box.root.appendingPathComponent("bin/calls")) == nil)
    }

    /// A renderer that does not finish is stopped after the time limit and the comparison
    /// reports it; it hung the whole check.
    @Test func aStuckRendererIsStopped() throws {
        let box = try CheckSandbox()
        try box.write("bin/stuck", "#!/bin/sh\nexec sleep 60\n")
        let renderer = box.root.appendingPathComponent("bin/stuck")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: renderer.path)
        try box.write("a.svg", ClockOutputs.svg)
        var rasterizer = SVGRasterizer(executable: renderer, flavor: .resvg)
        rasterizer.timeout = 0.5
        let start = Date()
        let result = rasterizer.compare(golden: box.root.appendingPathComponent("a.svg"),
                                        actual: box.root.appendingPathComponent("a.svg"),
                                        diffImage: box.root.appendingPathComponent("diff.png"))
        #expect(result.error == "golden: stuck did not finish within 0.5 s and was stopped")
        #expect(!result.passed)
        #expect(Date().timeIntervalSince(start) < 30)
    }
}
