#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LaminaGeometry

/// The result of a `lamina check` run: per-scene results, printable text, JUnit XML, exit code.
package struct CheckReport: Sendable {
    /// The options the run used.
    package var options: CheckOptions
    /// One result per scene, in sorted scene order.
    package var scenes: [SceneResult]
    /// A problem that stopped the run before any scene (no scenes, bad folder, bad config).
    package var failure: CheckDiscovery.Failure?

    /// Creates a report.
    package init(options: CheckOptions, scenes: [SceneResult], failure: CheckDiscovery.Failure?) {
        self.options = options
        self.scenes = scenes
        self.failure = failure
    }

    /// Scenes that passed (or were recorded).
    package var passedCount: Int { scenes.count { $0.status != .failed } }
    /// Scenes that failed.
    package var failedCount: Int { scenes.count { $0.status == .failed } }

    /// The sysexits status: the failure's, 73 when a golden could not be written, 1 when any
    /// scene failed, else 0.
    package var exitCode: Int32 {
        if let failure { return failure.status }
        if scenes.contains(where: \.writeFailed) { return 73 }
        return failedCount > 0 ? 1 : 0
    }

    /// What goes to standard output: one line per scene (`ok NAME`, `FAIL NAME`, `recorded
    /// NAME`), its details indented, and a closing count line.
    package var text: String {
        guard failure == nil else { return "" }
        var out = ""
        for result in scenes { out += Self.text(for: result, tolerance: options.tolerance) }
        out += summary + "\n"
        return out
    }

    /// The lines of one scene: its verdict line and its details, indented, each ending in `\n`.
    package static func text(for result: SceneResult, tolerance: Double) -> String {
        var out: String
        switch result.status {
        case .passed:
            out = "ok \(result.scene.name)"
            let tolerant = result.kinds.reduce(0) { n, k in
                if case .withinTolerance(let d) = k.outcome { n + d.toleranceCount } else { n }
            }
            if tolerant > 0 {
                out += " (\(tolerant) difference\(tolerant == 1 ? "" : "s") within tolerance \(NumberText.format(tolerance)))"
            }
        case .failed: out = "FAIL \(result.scene.name)"
        case .recorded: out = "recorded \(result.scene.name)"
        }
        // Scene names and details quote file names and values: one printable line each.
        out = TerminalText.printable(out) + "\n"
        for line in result.details { out += "  " + TerminalText.printable(line) + "\n" }
        return out
    }

    /// Writes one scene's lines to standard output at once (unbuffered, like `emit`), for a
    /// `progress` callback.
    package static func printScene(_ result: SceneResult, tolerance: Double) {
        FileIO.writeAll(fd: 1, Array(text(for: result, tolerance: tolerance).utf8))
    }

    /// The closing line: `N passed, M failed`, or with `--record` what was written.
    package var summary: String {
        guard options.record else { return "\(passedCount) passed, \(failedCount) failed" }
        var created = 0, updated = 0, unchanged = 0
        for k in scenes.flatMap(\.kinds) {
            switch k.outcome {
            case .created: created += 1
            case .updated: updated += 1
            case .unchanged: unchanged += 1
            default: break
            }
        }
        var s = "\(passedCount) recorded: \(created) created, \(updated) updated, \(unchanged) unchanged"
        if failedCount > 0 { s += "; \(failedCount) failed" }
        return s
    }

    /// What goes to standard error: the failure message, if the run stopped early.
    package var errorText: String {
        failure.map { TerminalText.printable($0.message) + "\n" } ?? ""
    }

    /// Prints the report (stdout, and stderr for a failure), writes the JUnit report to `junit`
    /// when given, and returns the exit status to end the process with.
    ///
    /// - Parameter scenesPrinted: the scene lines were already printed while running (with
    ///   `CheckEngine.run(directories:progress:)`); print only the closing line.
    /// - Parameters:
    ///   - standardOutput: where report text goes (the process's stdout unless a test captures it).
    ///   - standardError: where failure messages go.
    package func emit(
        junit: URL?, scenesPrinted: Bool = false,
        standardOutput: (String) -> Void = { FileIO.writeAll(fd: 1, Array($0.utf8)) },
        standardError: (String) -> Void = { FileIO.writeAll(fd: 2, Array($0.utf8)) }
    ) -> Int32 {
        var status = exitCode
        let out = scenesPrinted ? (failure == nil ? summary + "\n" : "") : text
        if !out.isEmpty { standardOutput(out) }
        if !errorText.isEmpty { standardError(errorText) }
        if let junit {
            do {
                try CheckFiles.writeAtomically(junitXML, to: junit)
            } catch {
                // `FILE: error: …`, the file as it was typed (was `lamina: error: /abs/FILE: …`).
                standardError("\(error.file): error: \(error.problem)\n")
                status = max(status, 73)
            }
        }
        return status
    }
}
