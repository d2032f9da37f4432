#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `lamina check` found for one scene.
package struct SceneResult: Sendable, Hashable {
    /// A scene's verdict.
    package enum Status: String, Sendable, Hashable {
        /// Every golden matches (possibly within the tolerance).
        case passed
        /// A golden differs, is missing, or the input could not be converted.
        case failed
        /// `--record` wrote or confirmed every golden.
        case recorded
    }

    /// The scene checked.
    package var scene: CheckScene
    /// The verdict.
    package var status: Status
    /// One entry per golden kind, in kind order.
    package var kinds: [KindResult]
    /// Lines printed under the scene's line, without indentation.
    package var details: [String]

    /// Whether a golden or artifact could not be written (exit 73).
    package var writeFailed: Bool {
        kinds.contains { if case .writeFailed = $0.outcome { true } else { false } }
    }
}

/// The outcome for one golden kind of one scene.
package struct KindResult: Sendable, Hashable {
    /// What happened to this golden.
    package enum Outcome: Sendable, Hashable {
        /// Same bytes.
        case match
        /// Different bytes, but every difference is a number within the tolerance.
        case withinTolerance(StructuralDiff)
        /// A difference beyond the tolerance (or a pixel mismatch with `--render`).
        case differs(StructuralDiff)
        /// The golden file does not exist.
        case missingGolden
        /// The generator threw; the message says why.
        case generateFailed(String)
        /// `--record` wrote a new golden.
        case created
        /// `--record` replaced a golden with different bytes.
        case updated
        /// `--record` found the golden already right.
        case unchanged
        /// A file could not be written; the message says why.
        case writeFailed(String)
    }

    /// The golden kind.
    package var kind: GoldenKind
    /// What happened.
    package var outcome: Outcome
    /// The pixel comparison, when `--render` ran for this kind.
    package var pixels: PixelComparison?
    /// Where the actual output was saved, when it differed.
    package var actualSaved: URL?

    /// Whether this kind makes its scene fail.
    package var isFailure: Bool {
        switch outcome {
        case .match, .withinTolerance, .created, .updated, .unchanged: pixels.map { !$0.passed } ?? false
        case .differs, .missingGolden, .generateFailed, .writeFailed: true
        }
    }
}
