import Foundation
import LaminaCore
import Testing

/// Runs LAYER-MODEL.md's conformance vectors (`Fixtures/layer-vectors.json`, or the file named
/// by `LAMINA_VECTORS`) against the layer tree.
@Suite struct LayerVectorsTests {
    @Test func layerVectors() throws {
        let url = ProcessInfo.processInfo.environment["LAMINA_VECTORS"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/layer-vectors.json")
        let data = try Data(contentsOf: url)
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let vectors = try #require(top["vectors"] as? [[String: Any]])
        var failures: [String] = []
        for v in vectors {
            let id = v["id"] as? String ?? "?"
            let tolerance = (v["tolerance"] as? Double) ?? 1e-4
            let got = VectorRunner.run(v)
            if !VectorValue.matches(got, v["expected"] ?? NSNull(), tolerance: tolerance) {
                let expected = VectorValue.describe(v["expected"] ?? NSNull())
                failures.append("\(id): expected \(expected), got \(got.description)")
            }
        }
        let passed = vectors.count - failures.count
        print("layer-vectors: \(passed)/\(vectors.count) passed")
        #expect(passed == vectors.count, "\(failures.joined(separator: "\n"))")
    }
}
