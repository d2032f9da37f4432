import Foundation

/// The result of running the built `lamina` executable.
public struct LaminaRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

extension TestSupport {
    /// The package root, found from this file's location.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The `lamina` executable built beside the test bundle.
    public static var laminaExecutable: URL? {
        var candidates: [URL] = []
        if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for dir in candidates {
            var d = dir
            for _ in 0..<4 {
                let url = d.appendingPathComponent("lamina")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
                d = d.deletingLastPathComponent()
            }
        }
        return nil
    }

    /// Runs `lamina` with arguments (and optional standard input) in `directory`.
    public static func runLamina(
        _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil
    ) throws -> LaminaRun {
        guard let exe = laminaExecutable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "lamina executable not built"])
        }
        let process = Process()
        process.executableURL = exe
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return LaminaRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs `body` with a new empty temporary directory, which is removed with everything in it
    /// when `body` returns or throws. Read anything needed from it (a log for a failure
    /// message, say) inside `body`.
    public static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }
}
