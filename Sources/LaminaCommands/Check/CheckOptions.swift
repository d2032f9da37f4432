#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LaminaCore

/// How `lamina check` runs: record or compare, tolerance, rendering, parallelism.
package struct CheckOptions: Sendable, Hashable {
    /// Write goldens instead of comparing (`--record`); the only way goldens are written.
    package var record: Bool
    /// Also rasterize golden and actual SVG and compare pixels (`--render`).
    package var render: Bool
    /// Numbers that differ by at most this much are reported but pass (`--tolerance`); 0 is exact.
    package var tolerance: Double
    /// How many scenes are checked at once (`--jobs`); at least 1.
    package var jobs: Int
    /// The threads all scenes share: each of the scenes checked at once generates its outputs
    /// on its share (`threads / min(jobs, scenes)`, at least 1). Every processor by default.
    package var threads: Int
    /// Where actual outputs and diff images of failing scenes go; `nil` saves them beside the
    /// goldens as `NAME.actual.*`. Defaults to `$LAMINA_CHECK_ARTIFACTS` when set.
    package var artifactsDirectory: URL?
    /// The rasterizer to use with `render` (`resvg` or `rsvg-convert`); defaults to
    /// `$LAMINA_RENDERER` when set; `nil` searches PATH, then `$LAMINA_EVAL_VENV/bin/resvg` or
    /// `~/.cache/lamina-eval/bin/resvg`.
    package var rasterizer: URL?
    /// The environment used to find the rasterizer (`PATH`, `HOME`, `LAMINA_EVAL_VENV`).
    package var environment: [String: String]

    /// Options with the defaults of a plain `lamina check DIR`.
    package init(
        record: Bool = false,
        render: Bool = false,
        tolerance: Double = 0,
        jobs: Int = 2,
        threads: Int = WorkSplit.processorCount,
        artifactsDirectory: URL? = nil,
        rasterizer: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.record = record
        self.render = render
        self.tolerance = tolerance.isFinite ? max(0, tolerance) : 0
        self.jobs = max(1, jobs)
        self.threads = max(1, threads)
        self.artifactsDirectory = artifactsDirectory
            ?? environment["LAMINA_CHECK_ARTIFACTS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        self.rasterizer = rasterizer
            ?? environment["LAMINA_RENDERER"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        self.environment = environment
    }
}
