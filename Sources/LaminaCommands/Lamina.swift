import ArgumentParser

/// The `lamina` command: SVG scenes as Core Animation layer trees.
public struct Lamina: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Import SVG into Core Animation layer trees and export flattened SVG, debug SVG and layer JSON.",
        subcommands: []
    )

    public init() {}
}
