import Foundation
import LaminaCommands
import Testing

/// A one-file command line leaves the scene to the process exit (`Options.freesScene` false):
/// the output is the same as when the pipeline frees it.
@Suite struct PipelineFreesSceneTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/clock.svg")

    @Test(arguments: [OutputFormat.svg, .json, .debug])
    func keepingTheSceneWritesTheSameBytes(format: OutputFormat) throws {
        let bytes = try Array(Data(contentsOf: Self.sample))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-frees-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [Data] = []
        for frees in [true, false] {
            var options = Pipeline.Options()
            options.freesScene = frees
            let path = folder.appendingPathComponent("out-\(frees)").path
            try Pipeline.convert(bytes, file: "clock.svg", as: format, options: options, to: path) { _ in }
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(!outputs[0].isEmpty)
        #expect(outputs[0] == outputs[1])
    }
}
