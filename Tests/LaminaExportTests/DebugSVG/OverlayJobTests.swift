import LaminaCore
import Testing

@testable import LaminaExport

/// `DebugSVG.OverlayJob`: the overlay drawn ahead on another thread gives the same document.
@Suite struct OverlayJobTests {
    @Test func documentWithAJobIsTheDocumentDrawnInLine() throws {
        var scene = makeScene()
        try add(makeLayer("a", bounds: Rect(0, 0, 20, 10), position: Point(30, 40), z: 1), to: scene.root, in: &scene)
        try add(makeLayer("b", bounds: Rect(0, 0, 20, 10), position: Point(35, 42)), to: scene.root, in: &scene)
        let options = DebugSVG.Options(only: nil, labels: true, hit: Point(31, 41))
        let (list, _) = DisplayList.resolve(scene)
        let inLine = DebugSVG.document(list, scene: scene, options: options)
        let job = DebugSVG.OverlayJob(scene: scene, options: options)
        var streamed: [UInt8] = []
        let warnings = DebugSVG.document(list, scene: scene, options: options, overlay: job) { streamed.append(contentsOf: $0) }
        #expect(streamed == inLine.bytes)
        #expect(warnings == inLine.warnings)
        #expect(warnings.contains { $0.message.hasPrefix("zPosition trap") })
        // The result is handed over once; a second document draws in line again.
        #expect(job.take() == nil)
    }

    /// Enough layers for the marks to be drawn in pieces on several threads: the same bytes,
    /// whole or for one subtree (`only`), with hidden layers left out.
    @Test(arguments: [nil, "g1"] as [String?])
    func marksDrawnInPiecesAreTheMarksDrawnInLine(only: String?) throws {
        var scene = makeScene(500, 500)
        for g in 0..<3 {
            let group = try add(makeLayer("g\(g)", bounds: Rect(0, 0, 500, 500), position: Point(250, 250)), to: scene.root, in: &scene)
            for k in 0..<1200 {
                let layer = makeLayer(
                    k % 7 == 0 ? nil : "l\(k)", bounds: Rect(0, 0, 3.5, 2), position: Point(Double(k % 50) * 9.7, Double(k / 50) * 5.3),
                    z: Double(k % 3), hidden: k % 11 == 0)
                try add(layer, to: group, in: &scene)
            }
        }
        let options = DebugSVG.Options(only: only, labels: true)
        let (list, _) = DisplayList.resolve(scene)
        let inLine = DebugSVG.document(list, scene: scene, options: options)
        let job = DebugSVG.OverlayJob(scene: scene, options: options, threads: 2)
        var streamed: [UInt8] = []
        let warnings = DebugSVG.document(list, scene: scene, options: options, overlay: job) { streamed.append(contentsOf: $0) }
        #expect(streamed == inLine.bytes)
        #expect(warnings == inLine.warnings)
        // Drawn in line, streamed in small chunks: the pieces go out one by one.
        var chunked: [UInt8] = []
        var writes = 0
        let chunkedWarnings = DebugSVG.document(list, scene: scene, options: options, chunkSize: 4096) {
            chunked.append(contentsOf: $0)
            writes += 1
        }
        #expect(chunked == inLine.bytes)
        #expect(chunkedWarnings == inLine.warnings)
        #expect(writes > 3)
    }

    @Test func anUnusedJobIsReaped() {
        _ = DebugSVG.OverlayJob(scene: makeScene(), options: .init())
    }
}
