import ArgumentParser

/// The `lamina` command: SVG scenes as Core Animation layer trees.
public struct Lamina: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Import SVG into Core Animation layer trees and export flattened SVG, debug SVG and layer JSON.",
        subcommands: [
            ConvertCommand.self, DebugCommand.self, InspectCommand.self, HitTestCommand.self,
            MapPointCommand.self, MapRectCommand.self, LayoutCommand.self,
        ]
    )

    public init() {}
}
