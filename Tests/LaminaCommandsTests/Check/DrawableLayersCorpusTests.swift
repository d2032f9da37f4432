import Foundation
import LaminaTestSupport
import Testing
@testable import LaminaCommands

/// The layers `check` gives the drawables of a flattened or debug SVG agree with the written
/// output for every corpus file, sample and browser probe (these have the texts): each display
/// item's markup holds exactly the drawables the document holds for it, so no SVG diff names
/// a wrong layer (and none falls back).
@Suite struct DrawableLayersCorpusTests {
    /// The SVG inputs below `root` (not goldens or saved outputs), sorted.
    static func inputs(_ root: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walker?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "svg" && !$0.lastPathComponent.contains(".expected.") && !$0.lastPathComponent.contains(".actual.") }
            .sorted { $0.path < $1.path }
    }

    @Test func everyOutputsDrawablesAreTheItemsDrawables() throws {
        let corpus = Self.inputs(TestSupport.sharedCorpus)
        #expect(corpus.count >= 400, "the corpus is missing: expected it at \(TestSupport.sharedCorpus.path)")
        let files = corpus + Self.inputs(TestSupport.packageRoot.appendingPathComponent("Samples"))
            + Self.inputs(TestSupport.packageRoot.appendingPathComponent("Tests/Browser"))
        var checked = 0
        var disagreeing: [String] = []
        for url in files {
            let scene = CheckScene(input: url, name: url.lastPathComponent, recordTarget: url.path,
                                   goldenBase: url.deletingPathExtension().lastPathComponent, kinds: [.svg, .debugSVG])
            // Inputs that are errors have no output to name.
            guard let outputs = try? CheckCommand.generate(scene, kinds: [.svg, .debugSVG], threads: 1) else { continue }
            let layers = try CheckCommand.drawableLayers(scene, threads: 1)
            for (kind, output) in zip(["svg", "debug"], outputs) {
                guard let doc = CheckSVGDocument.parse(output.bytes) else {
                    disagreeing.append("\(url.lastPathComponent) (\(kind)): output does not parse")
                    continue
                }
                if layers?.paths(for: doc) == nil { disagreeing.append("\(url.lastPathComponent) (\(kind))") }
            }
            checked += 1
        }
        #expect(checked >= 450, "only \(checked) inputs converted")
        #expect(disagreeing.isEmpty, "\(disagreeing.count) outputs whose drawables are not the items': \(disagreeing.prefix(20))")
    }
}
