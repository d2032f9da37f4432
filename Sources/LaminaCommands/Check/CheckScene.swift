#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One input that `lamina check` verifies, with the goldens beside it.
package struct CheckScene: Sendable, Hashable {
    /// The input file (`*.svg` or `*.json`).
    package var input: URL
    /// The name printed for the scene (its path below the checked folder).
    package var name: String
    /// What to pass to `lamina check … --record` to re-record this scene's folder.
    package var recordTarget: String
    /// The start of the goldens' file names: `NAME` or, for a disambiguated input, `NAME.EXT`.
    package var goldenBase: String
    /// The golden kinds this scene must have (configured kinds plus those present).
    package var kinds: [GoldenKind]
    /// The root size `[W, H]` to lay the scene out at before writing (from `lamina-check.json`),
    /// or nil for the input's own size.
    package var size: [Double]? = nil
    /// Why the scene cannot be checked at all (goldens whose input is missing or not a readable
    /// file), or nil. Such a scene fails, also with `--record`.
    package var unreadable: String? = nil

    /// The command that re-records this scene's folder, to paste into a shell: a path with spaces
    /// or other characters a shell would split or expand is quoted.
    package var recordCommand: String { "lamina check \(Self.shellWord(recordTarget)) --record" }

    /// `text` as one shell word: unchanged when it holds only letters, digits and `_./-+,:@%=`,
    /// else in single quotes (a `'` written `'\''`).
    package static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { c in
            c.properties.isAlphabetic || c.properties.numericType != nil || "_./-+,:@%=".unicodeScalars.contains(c)
        }
        guard !plain else { return text }
        var out = "'"
        for c in text { out += c == "'" ? "'\\''" : String(c) }
        return out + "'"
    }

    /// The folder holding the input and its goldens.
    package var directory: URL { input.deletingLastPathComponent() }

    /// The file name of the golden of `kind`.
    package func goldenName(_ kind: GoldenKind) -> String { goldenBase + kind.goldenSuffix }

    /// The golden of `kind`.
    package func golden(_ kind: GoldenKind) -> URL { directory.appendingPathComponent(goldenName(kind)) }

    /// Where the actual output of `kind` is saved when it differs.
    package func actual(_ kind: GoldenKind, artifacts: URL?) -> URL {
        let file = goldenBase + kind.actualSuffix
        guard let artifacts else { return directory.appendingPathComponent(file) }
        // The scene's folder below the artifacts folder, never above it or beside it: a scene
        // named `../scenes/clock.svg` (or `/abs/…`) keeps `scenes` (`abs/…`), not its `..`.
        let sub = PathText.deletingLastComponent(name).split(separator: "/")
            .filter { $0 != ".." && $0 != "." }.joined(separator: "/")
        return (sub.isEmpty ? artifacts : artifacts.appendingPathComponent(sub)).appendingPathComponent(file)
    }
}
