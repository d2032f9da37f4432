import ArgumentParser
import LaminaCore
import LaminaExport

/// Options of the debug overlay, shared by `debug` and `convert --to debug`.
package struct DebugOptions: ParsableArguments {
    @Option(name: .long, help: "Draw the overlay only for the layer at this path and its sublayers.")
    var only: String?

    @Flag(name: .long, help: "Leave out the name and paint-index labels.")
    var noLabels = false

    @Option(name: .long, help: "Mark the layer hit at X,Y (root superlayer space) and the point's path through the tree.")
    var hit: String?

    package init() {}

    package func validate() throws {
        if let hit, parseHit(hit) == nil { throw ValidationError("--hit takes X,Y (two finite decimal numbers), got '\(hit)'") }
    }

    func parseHit(_ text: String) -> Point? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = DecimalNumber.parse(parts[0].trimmingWhitespace()),
            let y = DecimalNumber.parse(parts[1].trimmingWhitespace())
        else { return nil }
        return Point(x, y)
    }

    /// The overlay options these flags describe.
    package var value: DebugSVG.Options {
        var o = Self.options(only: only, labels: !noLabels)
        o.hit = hit.flatMap(parseHit)
        return o
    }

    /// The overlay options for `--only` and labels on or off (no `--hit`).
    static func options(only: String?, labels: Bool) -> DebugSVG.Options {
        var o = DebugSVG.Options()
        o.only = only
        o.labels = labels
        return o
    }
}
