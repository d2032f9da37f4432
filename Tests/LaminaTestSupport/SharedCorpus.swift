import Foundation

extension TestSupport {
    /// The shared corpus: `LAMINA_CORPUS`, else ../shared/corpus beside the package root (a git
    /// worktree one level deeper also looks in ../../shared/corpus); CI always has it.
    public static let sharedCorpus: URL = {
        if let path = ProcessInfo.processInfo.environment["LAMINA_CORPUS"] { return URL(fileURLWithPath: path) }
        let parent = packageRoot.deletingLastPathComponent()
        let candidates = [parent, parent.deletingLastPathComponent()].map { $0.appendingPathComponent("shared/corpus") }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0]
    }()
}
