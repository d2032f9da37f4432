import Foundation
import LaminaTestSupport
import Testing
@testable import LaminaCommands

/// Runs `lamina check Samples` in process, as users' CI does (STYLE §3).
///
/// Re-record after an intended output change with `LAMINA_RECORD=1 swift test --filter SamplesCheckTests`.
@Suite struct SamplesCheckTests {
    static let samples = TestSupport.packageRoot.appendingPathComponent("Samples")

    /// Every input under `Samples/`, sorted.
    static func inputs() -> [URL] {
        var found: [URL] = []
        var stack = [samples]
        while let dir = stack.popLast() {
            let (files, dirs) = CheckDiscovery.listing(dir)
            found += files.filter(CheckDiscovery.isInputName).map { dir.appendingPathComponent($0) }
            stack += dirs.map { dir.appendingPathComponent($0) }
        }
        return found.sorted { $0.path < $1.path }
    }

    @Test func everySampleMatchesItsGoldens() async {
        let record = ProcessInfo.processInfo.environment["LAMINA_RECORD"] == "1"
        let inputs = Self.inputs()
        let engine = CheckEngine(generatePieces: CheckCommand.generate, options: CheckOptions(record: record, jobs: 2))
        let report = await engine.run(directories: record ? inputs : [Self.samples])
        #expect(report.exitCode == 0, Comment(rawValue: report.text + report.errorText
            + "if the change is intended: LAMINA_RECORD=1 swift test --filter SamplesCheckTests, then review the golden diff"))
        #expect(report.scenes.map(\.scene.input.lastPathComponent).sorted() == inputs.map(\.lastPathComponent).sorted(),
                "every sample input needs goldens; record them with LAMINA_RECORD=1")
        #expect(report.scenes.allSatisfy { $0.scene.kinds == GoldenKind.allCases })
    }
}
