import Foundation
import LaminaTestSupport
import Testing

/// Opens every sample's debug SVG in headless Chromium (Tests/Browser/check-samples.sh): the
/// page is not blank, the overlay is visible, and the picture under it equals the flattened
/// export. `.ci/run` installs Chromium.
@Suite struct BrowserTests {
    @Test func everySampleDebugSVGRendersInChromium() throws {
        let exe = try #require(TestSupport.laminaExecutable, "the lamina executable is not built")
        let chromiumFound = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        try #require(chromiumFound, "Chromium is missing: apt-get install -y chromium (.ci/run does this)")
        try TestSupport.withTemporaryDirectory { out in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                TestSupport.packageRoot.appendingPathComponent("Tests/Browser/check-samples.sh").path,
                exe.path, out.path,
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // A failing sample's log is in `out`, which is removed on return: read it into the message.
            let failures = log.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("FAIL: "), let see = line.range(of: "(see "), line.hasSuffix(")") else { return nil }
                let path = String(line[see.upperBound..<line.index(before: line.endIndex)])
                return "\(line)\n" + ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "(no log)")
            }
            let report = ([log] + failures).joined(separator: "\n")
            #expect(process.terminationStatus == 0, "\(report)")
            let checked = log.split(separator: "\n").filter { $0.hasPrefix("ok: ") }
            let samples = try FileManager.default.contentsOfDirectory(
                atPath: TestSupport.packageRoot.appendingPathComponent("Samples").path
            ).filter { ($0.hasSuffix(".svg") || $0.hasSuffix(".json")) && !$0.contains(".expected.") && !$0.contains(".actual.")
                && $0 != "lamina-check.json" }
            #expect(checked.count == samples.count, "\(report)")
        }
    }
}
