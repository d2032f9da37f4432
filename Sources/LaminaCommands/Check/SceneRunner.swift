#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LaminaCore
import LaminaGeometry

/// Checks or records one scene: the per-scene work of `CheckEngine`.
struct SceneRunner: Sendable {
    let generate: CheckEngine.PiecesGenerator
    let options: CheckOptions
    let rasterizer: SVGRasterizer?
    /// The threads one scene may use.
    let threads: Int
    /// The layers of the SVG outputs' drawables, made again from the input when an SVG golden
    /// differs (nil: SVG diffs name drawables without them).
    var nameDrawables: CheckEngine.DrawableNamer? = nil

    func run(_ scene: CheckScene) -> SceneResult {
        if let problem = scene.unreadable {
            return SceneResult(scene: scene, status: .failed, kinds: [], details: [problem])
        }
        return options.record ? record(scene) : check(scene)
    }

    private struct GenerateError: Error {
        var message: String
    }

    /// The outputs of `kinds`, keyed by kind; one failure message for all when generation throws.
    private func outputs(_ scene: CheckScene, _ kinds: [GoldenKind]) -> Result<[GoldenKind: OutputPieces], GenerateError> {
        guard !kinds.isEmpty else { return .success([:]) }
        do {
            let produced = try generate(scene, kinds, threads)
            guard produced.count == kinds.count else {
                return .failure(GenerateError(message: "generator returned \(produced.count) outputs for \(kinds.count) kinds"))
            }
            return .success(Dictionary(uniqueKeysWithValues: zip(kinds, produced)))
        } catch {
            return .failure(GenerateError(message: String(describing: error)))
        }
    }

    private func output(_ all: Result<[GoldenKind: OutputPieces], GenerateError>, _ kind: GoldenKind) -> Result<OutputPieces, GenerateError> {
        switch all {
        case .success(let map): map[kind].map { .success($0) } ?? .failure(GenerateError(message: "no output"))
        case .failure(let e): .failure(e)
        }
    }

    // MARK: record

    private func record(_ scene: CheckScene) -> SceneResult {
        var kinds: [KindResult] = []
        var details: [String] = []
        let generated = outputs(scene, scene.kinds)
        for kind in scene.kinds {
            let actual: OutputPieces
            switch output(generated, kind) {
            case .success(let bytes): actual = bytes
            case .failure(let e):
                kinds.append(KindResult(kind: kind, outcome: .generateFailed(e.message)))
                details.append("cannot generate \(scene.goldenName(kind)): \(e.message)")
                continue
            }
            let golden = scene.golden(kind)
            let existing = CheckFiles.holds(golden, pieces: actual.pieces)
            if existing == true {
                kinds.append(KindResult(kind: kind, outcome: .unchanged))
                details.append("unchanged \(scene.goldenName(kind))")
                continue
            }
            do {
                try CheckFiles.writeAtomically(pieces: actual.pieces, to: golden)
                kinds.append(KindResult(kind: kind, outcome: existing == nil ? .created : .updated))
                details.append("\(existing == nil ? "created" : "updated") \(scene.goldenName(kind))")
            } catch {
                kinds.append(KindResult(kind: kind, outcome: .writeFailed(error.description)))
                details.append("cannot write golden: \(error.description)")
            }
        }
        removeArtifacts(scene)
        let failed = kinds.contains(where: \.isFailure)
        return SceneResult(scene: scene, status: failed ? .failed : .recorded, kinds: kinds, details: details)
    }

    // MARK: check

    private func check(_ scene: CheckScene) -> SceneResult {
        var kinds: [KindResult] = []
        var details: [String] = []
        var differed = false
        // Goldens are compared with the file in pieces, and read whole only when they differ.
        let present = Set(scene.kinds.filter { CheckFiles.isFile(scene.golden($0)) })
        let generated = outputs(scene, scene.kinds.filter { present.contains($0) })
        let matches = goldensHeld(scene, generated)
        // Made once for the flattened and the debug SVG, and only when one of them differs.
        var drawableLayers: DrawableLayers??
        let layers = { () -> DrawableLayers? in
            if let made = drawableLayers { return made }
            let made = try? nameDrawables?(scene, threads)
            drawableLayers = .some(made)
            return made
        }
        for kind in scene.kinds {
            let name = scene.goldenName(kind)
            let missing = {
                kinds.append(KindResult(kind: kind, outcome: .missingGolden))
                details.append("missing golden \(name); run `\(scene.recordCommand)` to write it")
            }
            guard present.contains(kind) else {
                // A folder in the golden's place cannot be recorded over: say so, not `run --record`.
                if FileIO.isDirectory(scene.golden(kind).path) {
                    kinds.append(KindResult(kind: kind, outcome: .missingGolden))
                    details.append("golden \(name) is a folder, not a file; remove it, then run `\(scene.recordCommand)`")
                } else {
                    missing()
                }
                continue
            }
            let actual: [UInt8]
            switch output(generated, kind) {
            case .success(let pieces):
                if matches[kind] == true {
                    kinds.append(KindResult(kind: kind, outcome: .match))
                    continue
                }
                actual = pieces.bytes
            case .failure(let e):
                kinds.append(KindResult(kind: kind, outcome: .generateFailed(e.message)))
                details.append("cannot generate \(name): \(e.message)")
                continue
            }
            guard let golden = CheckFiles.read(scene.golden(kind)) else {
                missing()
                continue
            }
            let diff = GoldenComparison.compare(
                kind: kind, golden: golden, actual: actual, tolerance: options.tolerance, layers: layers)
            if diff.mismatchCount == 0 && diff.toleranceCount == 0 {
                kinds.append(KindResult(kind: kind, outcome: .match))
                continue
            }
            var result = KindResult(kind: kind, outcome: diff.mismatchCount > 0 ? .differs(diff) : .withinTolerance(diff))
            let count = diff.mismatchCount + diff.toleranceCount
            var header = "\(name): \(count) difference\(count == 1 ? "" : "s")"
            if diff.mismatchCount == 0 {
                header += " within tolerance \(NumberText.format(options.tolerance))"
            }
            details.append(header)
            details += diff.lines.map { "  " + $0 }
            let mustSave = diff.mismatchCount > 0 || (rasterizer != nil && kind.isSVG)
            if mustSave {
                let url = scene.actual(kind, artifacts: options.artifactsDirectory)
                do {
                    try CheckFiles.makeDirectory(url.deletingLastPathComponent())
                    try CheckFiles.writeAtomically(actual, to: url)
                    result.actualSaved = url
                    if diff.mismatchCount > 0 { details.append("actual output saved to \(url.relativePath)") }
                } catch {
                    details.append("cannot save actual output: \(error.description)")
                }
            }
            if let rasterizer, kind.isSVG, let saved = result.actualSaved {
                let pixels = rasterizer.compare(golden: scene.golden(kind), actual: saved,
                                                diffImage: Self.diffImageURL(saved))
                result.pixels = pixels
                details.append("render: " + pixels.summary)
                if !pixels.passed && diff.mismatchCount == 0 { details.append("actual output saved to \(saved.relativePath)") }
            }
            if result.isFailure { differed = true }
            kinds.append(result)
        }
        let failed = kinds.contains(where: \.isFailure)
        if differed {
            details.append("run `\(scene.recordCommand)` to accept the new output")
        }
        if !failed { removeArtifacts(scene) }
        return SceneResult(scene: scene, status: failed ? .failed : .passed, kinds: kinds, details: details)
    }

    /// ``CheckFiles/holds(_:pieces:)`` of each generated output's golden, the goldens compared
    /// at once on the scene's threads when they are large (reading and comparing 127 MB of
    /// goldens one after the other was a seventh of checking a 3 MB scatter plot). A kind
    /// missing here (nil) could not be compared.
    private func goldensHeld(
        _ scene: CheckScene, _ generated: Result<[GoldenKind: OutputPieces], GenerateError>
    ) -> [GoldenKind: Bool] {
        guard case .success(let outputs) = generated else { return [:] }
        let kinds = scene.kinds.filter { outputs[$0] != nil }
        let total = kinds.reduce(0) { $0 + (outputs[$1]?.count ?? 0) }
        let width = total >= Self.parallelCompareFrom ? threads : 1
        let held = ParallelWork.map(kinds.count, threads: width) { i in
            CheckFiles.holds(scene.golden(kinds[i]), pieces: outputs[kinds[i]]?.pieces ?? [])
        }
        var out: [GoldenKind: Bool] = [:]
        for (kind, h) in zip(kinds, held) { if let h { out[kind] = h } }
        return out
    }

    /// Goldens of fewer bytes in all are compared on one thread.
    static let parallelCompareFrom = 4 << 20

    /// `clock.actual.svg` → `clock.actual.svg.diff.png`.
    static func diffImageURL(_ actual: URL) -> URL {
        actual.deletingLastPathComponent().appendingPathComponent(actual.lastPathComponent + ".diff.png")
    }

    /// Removes saved actual outputs and diff images left by an earlier failing run.
    private func removeArtifacts(_ scene: CheckScene) {
        for kind in GoldenKind.allCases {
            let url = scene.actual(kind, artifacts: options.artifactsDirectory)
            CheckFiles.removeIfPresent(url)
            CheckFiles.removeIfPresent(Self.diffImageURL(url))
        }
    }
}
