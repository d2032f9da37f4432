import Foundation
import LaminaCore
import LaminaJSON
import Testing

/// Checks `Docs/lamina.layers.schema.json` against what the encoder writes and the decoder
/// rejects, with Python's `jsonschema` (CI installs it; a missing package fails the test).
@Suite struct LayerJSONSchemaTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let script = testsFolder.appendingPathComponent("validate_schema.py")
    static let schema = testsFolder.appendingPathComponent("../../Docs/lamina.layers.schema.json").standardized

    /// Runs the validator; returns its exit status and combined output.
    func validate(valid: [String], invalid: [String]) throws -> (status: Int32, output: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ docs: [String], _ prefix: String) throws -> [String] {
            try docs.enumerated().map { i, text in
                let url = dir.appendingPathComponent("\(prefix)\(i).json")
                try Data(text.utf8).write(to: url)
                return url.path
            }
        }
        let args = [Self.script.path, Self.schema.path] + (try write(valid, "valid"))
            + ["--expect-invalid"] + (try write(invalid, "invalid"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + args
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func encoderOutputValidatesAndDecoderRejectionsDoNot() throws {
        let valid = [
            LayerJSON.encode(SampleScenes.rich()),
            LayerJSON.encode(SampleScenes.small()),
            LayerJSON.encode(Scene()),
            LayerJSON.encode(SampleScenes.chain(depth: 20)),
            doc(#"{"x-note": {"any": ["shape"]}, "content": {"kind": "rect", "x-k": 1}}"#),
            doc(#"{"svg": {"element": "g", "filter": ["a", "b"]}, "sublayers": [{"svg": {"element": "g", "filter": "c"}}]}"#),
        ]
        // Every structurally wrong document the decoder rejects, except what a schema cannot
        // say (an even count of coordinates, a valid CSS color) or what Python's parser hides
        // (duplicates, NaN).
        let schemaKinds: Set<LayerJSONError.Kind> = [
            .typeMismatch, .invalidValue, .unknownKey, .missingKey, .format, .version,
        ]
        let invalid = LayerDecoderTests.bad
            .filter {
                schemaKinds.contains($0.kind) && !$0.message.contains("even count") && !$0.message.contains("invalid color")
            }
            .map(\.json)
        #expect(invalid.count >= 30)
        let (status, output) = try validate(valid: valid, invalid: invalid)
        if status == 2 || output.contains("No such file") || output.contains("not found") {
            Issue.record("python3 with the jsonschema package is required (pip install jsonschema): \(output)")
        }
        #expect(status == 0, "\(output)")
        #expect(output.components(separatedBy: "\n").filter { $0.hasPrefix("ok ") }.count == valid.count + invalid.count)
    }
}
