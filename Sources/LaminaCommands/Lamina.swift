import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// The `lamina` command: SVG scenes as Core Animation layer trees.
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
public struct Lamina: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Import SVG into Core Animation layer trees and export flattened SVG, debug SVG and layer JSON.",
        subcommands: [
            ConvertCommand.self, DebugCommand.self, InspectCommand.self, HitTestCommand.self,
            MapPointCommand.self, MapRectCommand.self, LayoutCommand.self, CheckCommand.self,
        ]
    )

    public init() {}
}

@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
extension Lamina {
    /// Parses the process's arguments and runs the chosen subcommand (the executable's one call).
    public static func runFromCommandLine() async {
        // The common one-file commands skip ArgumentParser's start-up (see FastCommand).
        if let status = FastCommand.run(Array(CommandLine.arguments.dropFirst())) { Glibc.exit(status) }
        await start(Lamina.self)
    }

    /// Calls the asynchronous `main` (a generic context picks it over the synchronous one).
    private static func start<Command: AsyncParsableCommand>(_ command: Command.Type) async {
        await command.main(nil)
    }
}
