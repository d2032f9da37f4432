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

    @Test func anUnusedJobIsReaped() {
        _ = DebugSVG.OverlayJob(scene: makeScene(), options: .init())
    }
}
