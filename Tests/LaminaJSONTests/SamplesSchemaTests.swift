import Foundation
import Testing

/// Validates every layer JSON file under `Samples/` (inputs and `*.expected.json` goldens)
/// against `Docs/lamina.layers.schema.json` with Python's independent `jsonschema` validator.
@Suite struct SamplesSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func sampleJSONFiles() -> [String] {
        let samples = root.appendingPathComponent("Samples").path
        guard let e = FileManager.default.enumerator(atPath: samples) else { return [] }
        var out: [String] = []
        while let rel = e.nextObject() as? String {
            guard rel.hasSuffix(".json"), !rel.hasSuffix("lamina-check.json"), !rel.contains(".actual.") else { continue }
            out.append(samples + "/" + rel)
        }
        return out.sorted()
    }

    @Test func everySampleJSONValidatesAgainstTheSchema() throws {
        let files = Self.sampleJSONFiles()
        #expect(files.count >= 8, "expected the JSON samples and their goldens: \(files)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", LayerJSONSchemaTests.script.path, LayerJSONSchemaTests.schema.path,
        ] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        let ok = output.split(separator: "\n").filter { $0.hasPrefix("ok ") }
        #expect(ok.count == files.count, "\(output)")
    }
}
