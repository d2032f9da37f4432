#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LaminaJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the scenes `lamina check` verifies, in a deterministic order.
///
/// Inputs are `*.svg` and `*.json` files that are not goldens (`*.expected.*`), saved actual
/// outputs (`*.actual.*`), configuration files or hidden. An input found in a folder is a scene
/// when at least one golden of it exists; an input named on the command line is always one.
/// `NAME.expected.*` belong to `NAME.svg`, or to `NAME.json` when there is no `NAME.svg`; an input
/// can always claim goldens of its own as `NAME.EXT.expected.*` (so `clock.svg` and `clock.json`
/// can sit side by side).
package enum CheckDiscovery {
    /// A problem that stops the whole run, with its sysexits status.
    package struct Failure: Error, Sendable, Hashable {
        /// 64, 65 or 66 (SPEC §2).
        package var status: Int32
        /// The message printed to stderr.
        package var message: String
    }

    /// The scenes under `arguments` (folders searched recursively, or input files), sorted by path.
    package static func scenes(in arguments: [URL]) -> Result<[CheckScene], Failure> {
        var found: [(key: String, scene: CheckScene)] = []
        var seen = Set<String>()
        var configs = ConfigCache()
        for argument in arguments {
            let display = Self.display(argument)
            let prefix = arguments.count == 1 ? "" : display + "/"
            switch fileType(argument.path) {
            case .none:
                return .failure(Failure(status: 66, message: "\(display): error: no such file or directory"))
            case .file:
                guard isInputName(argument.lastPathComponent) else {
                    return .failure(Failure(status: 64, message: "\(display): error: not a scene input (expected *.svg or *.json)"))
                }
                let dir = argument.deletingLastPathComponent()
                let names = Set(listing(dir).files)
                let (base, present) = goldens(of: argument.lastPathComponent, among: names)
                let config: CheckConfig
                switch configs.config(for: dir) {
                case .success(let c): config = c
                case .failure(let f): return .failure(f)
                }
                let scene = CheckScene(input: argument, name: display, recordTarget: display,
                                       goldenBase: base, kinds: Array(Set(config.kinds).union(present)).sorted(), size: config.size)
                if seen.insert(argument.standardizedFileURL.path).inserted { found.append((display, scene)) }
            case .directory:
                var stack: [(URL, String)] = [(argument, "")]
                while let (dir, rel) = stack.popLast() {
                    let entries = listing(dir)
                    for sub in entries.directories.reversed() {
                        stack.append((dir.appendingPathComponent(sub), rel.isEmpty ? sub : rel + "/" + sub))
                    }
                    let names = Set(entries.files)
                    var claimed = Set<String>()
                    for file in entries.files where isInputName(file) {
                        let (base, present) = goldens(of: file, among: names)
                        guard !present.isEmpty else { continue }
                        for kind in present { claimed.insert(base + kind.goldenSuffix) }
                        let config: CheckConfig
                        switch configs.config(for: dir) {
                        case .success(let c): config = c
                        case .failure(let f): return .failure(f)
                        }
                        let input = dir.appendingPathComponent(file)
                        let name = prefix + (rel.isEmpty ? file : rel + "/" + file)
                        let target = rel.isEmpty ? display : display + "/" + rel
                        let scene = CheckScene(input: input, name: name, recordTarget: target, goldenBase: base,
                                               kinds: Array(Set(config.kinds).union(present)).sorted(), size: config.size)
                        if seen.insert(input.standardizedFileURL.path).inserted { found.append((name, scene)) }
                    }
                    let unclaimed = entries.files.filter { !claimed.contains($0) && !isForeignJSON(dir.appendingPathComponent($0)) }
                    for (base, kinds) in unclaimedGoldens(unclaimed, claimed: claimed) {
                        let (file, problem) = missingInput(base, kinds: kinds, in: dir)
                        let input = dir.appendingPathComponent(file)
                        let name = prefix + (rel.isEmpty ? file : rel + "/" + file)
                        let target = rel.isEmpty ? display : display + "/" + rel
                        var scene = CheckScene(input: input, name: name, recordTarget: target, goldenBase: base,
                                               kinds: kinds.sorted())
                        scene.unreadable = problem
                        if seen.insert(input.standardizedFileURL.path).inserted { found.append((name, scene)) }
                    }
                }
            }
        }
        return .success(found.sorted { $0.key < $1.key }.map(\.scene))
    }

    /// Whether `name` is a scene input rather than a golden, saved output, config or hidden file.
    /// Extensions are compared without case (`ICON.SVG` is an input), as `convert DIR` finds its
    /// inputs (``FileIO/sceneFiles(under:)``).
    package static func isInputName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return (lower.hasSuffix(".svg") || lower.hasSuffix(".json")) && !name.hasPrefix(".")
            && !lower.contains(".expected.") && !lower.contains(".actual.") && lower != CheckConfig.fileName
    }

    /// The golden base name of input `file` and the kinds present beside it.
    ///
    /// The goldens of `NAME.EXT` are `NAME.expected.*` when it is the first of the inputs named
    /// `NAME` with an SVG or JSON extension in any case (``inputs(named:among:)``): an SVG before
    /// JSON, the lowercase extension before others. So `ICON.SVG` has `ICON.expected.*`, and of
    /// `icon.svg` and `icon.SVG` side by side, the second has `icon.SVG.expected.*`.
    static func goldens(of file: String, among names: Set<String>) -> (String, Set<GoldenKind>) {
        let long = file
        let short = PathText.deletingExtension(file)
        let ownsShort = (inputs(named: short, among: names).first ?? file) == file
        let longKinds = Set(GoldenKind.allCases.filter { names.contains(long + $0.goldenSuffix) })
        if !longKinds.isEmpty { return (long, longKinds) }
        guard ownsShort else { return (long, []) }
        return (short, Set(GoldenKind.allCases.filter { names.contains(short + $0.goldenSuffix) }))
    }

    /// The inputs among `names` named `base` with an SVG or JSON extension in any case, in the
    /// order that gives the first the goldens `base.expected.*`: `.svg`, the other spellings of
    /// it (`.SVG`, `.Svg`, …, in code-point order), `.json`, then the other spellings of that.
    static func inputs(named base: String, among names: Set<String>) -> [String] {
        extensionSpellings.map { base + "." + $0 }.filter { names.contains($0) }
    }

    /// Every spelling of `svg` and `json` in upper and lower case, in ``inputs(named:among:)``'s order.
    static let extensionSpellings: [String] = ["svg", "json"].flatMap { ext in
        var spellings = [""]
        for c in ext { spellings = spellings.flatMap { [$0 + c.lowercased(), $0 + c.uppercased()] } }
        return [ext] + spellings.filter { $0 != ext }.sorted()
    }

    /// The goldens among `files` that no input claimed, by golden base name: their input was
    /// deleted or renamed, or is not a readable file (a broken link, a folder). Checking them
    /// silently no more would let CI pass on a scene it no longer checks.
    static func unclaimedGoldens(_ files: [String], claimed: Set<String>) -> [(String, Set<GoldenKind>)] {
        var bases: [String: Set<GoldenKind>] = [:]
        for file in files where !claimed.contains(file) {
            guard let kind = GoldenKind.ofGolden(file) else { continue }
            bases[String(file.dropLast(kind.goldenSuffix.count)), default: []].insert(kind)
        }
        return bases.filter { !$0.key.isEmpty }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Whether `url` is a `*.expected.json` that Lamina did not write: other tools' fixtures use
    /// the same suffix (snapshot tests, API fixtures), and reporting them as goldens whose input is
    /// gone would fail a folder that holds no stale scene. A layer JSON document names its format
    /// near its start; an empty or unreadable file still counts as a golden (a record cut short).
    static func isForeignJSON(_ url: URL) -> Bool {
        guard url.lastPathComponent.hasSuffix(GoldenKind.json.goldenSuffix) else { return false }
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 4096)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return false }
        let text = head[..<n]
        if text.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return false }
        let marker = Array("\"\(LayerJSON.format)\"".utf8)
        return !text.indices.contains { i in text[i...].starts(with: marker) }
    }

    /// The input file name that goldens `base` belong to, and why it cannot be checked.
    static func missingInput(_ base: String, kinds: Set<GoldenKind>, in dir: URL) -> (String, String) {
        let goldens = kinds.sorted().map { base + $0.goldenSuffix }.joined(separator: ", ")
        let lower = base.lowercased()
        let candidates = lower.hasSuffix(".svg") || lower.hasSuffix(".json") ? [base] : [base + ".svg", base + ".json"]
        var readable: [String] = []
        for file in candidates {
            var st = stat()
            let path = dir.appendingPathComponent(file).path
            guard lstat(path, &st) == 0 else { continue }
            // The input is there but uses goldens named after its whole file name.
            if fileType(path) == .file {
                readable.append(file)
                continue
            }
            let what: String
            if st.st_mode & S_IFMT == S_IFLNK {
                what = stat(path, &st) == 0 ? "a symbolic link to a folder or special file" : "a broken symbolic link"
            } else {
                what = st.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
            }
            return (file, "cannot read input \(file): \(what); its goldens \(goldens) are not checked")
        }
        if let owner = readable.first {
            return (base, "goldens \(goldens) belong to no input: \(owner) uses \(owner).expected.*; delete them")
        }
        let input = candidates.count == 1 ? candidates[0] : candidates.joined(separator: " or ")
        return (candidates[0], "no input \(input) for goldens \(goldens): restore or rename it back, "
            + "or delete the goldens to retire the scene")
    }

    /// `url` as the user wrote it (relative paths stay relative), without a trailing slash.
    static func display(_ url: URL) -> String {
        var s = url.relativePath
        while s.count > 1 && s.hasSuffix("/") { s.removeLast() }
        return s
    }

    enum FileType { case file, directory }

    /// The type of `path`, following a symbolic link to a file but not to a folder.
    static func fileType(_ path: String, followDirectoryLinks: Bool = true) -> FileType? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        var mode = st.st_mode & S_IFMT
        if mode == S_IFLNK {
            guard stat(path, &st) == 0 else { return nil }
            mode = st.st_mode & S_IFMT
            if mode == S_IFDIR && !followDirectoryLinks { return nil }
        }
        if mode == S_IFDIR { return .directory }
        return mode == S_IFREG ? .file : nil
    }

    /// The visible files and sub-folders of `dir`, sorted; linked folders are not followed.
    static func listing(_ dir: URL) -> (files: [String], directories: [String]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
        var files: [String] = []
        var dirs: [String] = []
        for name in names where !name.hasPrefix(".") {
            switch fileType(dir.appendingPathComponent(name).path, followDirectoryLinks: false) {
            case .file: files.append(name)
            case .directory: dirs.append(name)
            case .none: break
            }
        }
        return (files, dirs)
    }
}

/// Loads each folder's effective `lamina-check.json` once: the nearest one in the folder or
/// above it, up to the repository's root (the folder holding `.git`) or the file system's. So a
/// scene gets the same settings however it is named on the command line: looking only up to the
/// folder named there, `lamina check scenes/sub/new.svg --record` (the way to add a scene) and
/// the printed hint `lamina check scenes/sub --record` recorded without `scenes/lamina-check.json`,
/// at the wrong size, and `lamina check scenes` then failed.
private struct ConfigCache {
    var cache: [String: CheckConfig] = [:]

    mutating func config(for dir: URL) -> Result<CheckConfig, CheckDiscovery.Failure> {
        let key = dir.standardizedFileURL.path
        if let hit = cache[key] { return .success(hit) }
        let folder = URL(fileURLWithPath: key)
        let file = folder.appendingPathComponent(CheckConfig.fileName)
        var result = CheckConfig.standard
        var st = stat()
        let isRepositoryRoot = lstat(folder.appendingPathComponent(".git").path, &st) == 0
        if CheckDiscovery.fileType(file.path) == .file {
            guard let bytes = CheckFiles.read(file) else {
                return .failure(.init(status: 66, message: "\(file.path): error: cannot read file"))
            }
            switch CheckConfig.parse(bytes) {
            case .success(let c): result = c
            case .failure(let e): return .failure(.init(status: 65, message: e.formatted(path: file.path, bytes: bytes)))
            }
        } else if !isRepositoryRoot, key != "/", !key.isEmpty {
            switch config(for: folder.deletingLastPathComponent()) {
            case .success(let c): result = c
            case .failure(let f): return .failure(f)
            }
        }
        cache[key] = result
        return .success(result)
    }
}
