/// Per-directory settings for `lamina check`, read from `lamina-check.json`.
///
/// The nearest `lamina-check.json` in a scene's folder or above it (up to the repository's root,
/// the folder holding `.git`) applies. `{"kinds": ["json", "svg", "debug"]}` lists the golden kinds every
/// scene must have; without a file all three are expected. `"size": [W, H]` lays every scene of
/// the folder out at that root size first (as `--size W H`), so one scene can have goldens at
/// several sizes in several folders. Keys starting with `x-` are ignored.
package struct CheckConfig: Sendable, Hashable {
    /// The configuration file's name.
    package static let fileName = "lamina-check.json"

    /// The golden kinds every scene governed by this file must have.
    package var kinds: [GoldenKind]
    /// The root size to lay scenes out at, or nil for their own.
    package var size: [Double]?

    /// The configuration used when no file applies: all three kinds.
    package static let standard = CheckConfig(kinds: GoldenKind.allCases)

    /// Creates a configuration expecting `kinds`.
    package init(kinds: [GoldenKind], size: [Double]? = nil) {
        self.kinds = Array(Set(kinds)).sorted()
        self.size = size
    }

    /// Parses a configuration file, or returns the message explaining what is wrong with it.
    package static func parse(_ bytes: [UInt8]) -> Result<CheckConfig, CheckConfigError> {
        let expected = "expected a JSON object like {\"kinds\": [\"json\", \"svg\", \"debug\"]}"
        guard let doc = CheckJSONDocument.parse(bytes) else {
            return .failure(CheckConfigError(message: expected, offset: CheckJSONDocument.errorOffset(bytes)))
        }
        guard doc.nodes[0].kind == .object else { return .failure(CheckConfigError(message: expected)) }
        var config = CheckConfig.standard
        let top = doc.nodes[0]
        for (key, child) in zip(top.keys, top.children) {
            if key == "size" {
                let list = doc.nodes[child]
                let numbers = list.children.compactMap { doc.nodes[$0].kind == .number ? doc.nodes[$0].number : nil }
                guard list.kind == .array, list.children.count == 2, numbers.count == 2,
                    numbers.allSatisfy({ $0.isFinite && $0 >= 0 })
                else {
                    return .failure(CheckConfigError(message: "'size' must be two non-negative numbers [W, H]", offset: list.offset))
                }
                config.size = numbers
                continue
            }
            guard key == "kinds" else {
                if key.hasPrefix("x-") { continue }
                return .failure(CheckConfigError(message: "unknown key '\(key)' (allowed: kinds, size)", offset: doc.nodes[child].offset))
            }
            let list = doc.nodes[child]
            guard list.kind == .array else {
                return .failure(CheckConfigError(message: "'kinds' must be a list of \"json\", \"svg\", \"debug\"", offset: list.offset))
            }
            var kinds: [GoldenKind] = []
            for item in list.children {
                let node = doc.nodes[item]
                guard node.kind == .string, let kind = GoldenKind(rawValue: node.text) else {
                    return .failure(CheckConfigError(message: "unknown golden kind '\(node.text)' (allowed: json, svg, debug)", offset: node.offset))
                }
                kinds.append(kind)
            }
            config = CheckConfig(kinds: kinds, size: config.size)
        }
        return .success(config)
    }
}

/// Why a `lamina-check.json` could not be used.
package struct CheckConfigError: Error, Sendable, Hashable {
    /// What is wrong, in the compiler-message style (lower case, no period).
    package var message: String
    /// Where in the file (a byte offset): the value the message is about.
    package var offset: Int = 0

    package init(message: String, offset: Int = 0) {
        self.message = message
        self.offset = offset
    }

    /// `PATH:LINE:COL: error: MESSAGE` (SPEC §2), the position read from the file's bytes.
    package func formatted(path: String, bytes: [UInt8]) -> String {
        let (line, column) = CheckJSONDocument.lineAndColumn(of: offset, in: bytes)
        return "\(path):\(line):\(column): error: \(message)"
    }
}
