import Foundation
import LaminaCommands
import Testing

/// What `lamina COMMAND --help` says about each option.
@Suite struct CommandHelpTests {
    /// `debug --help` said `Output file (default: standard output). (default: -)` and `convert
    /// --help` `Output format: json, svg or debug. (values: json, svg, debug)`: ArgumentParser
    /// appends an option's default and values, so the help text must not give them too.
    @Test(arguments: Lamina.configuration.subcommands.map { $0.configuration.commandName ?? "" })
    func noOptionSaysItsDefaultOrValuesTwice(command: String) throws {
        let type = try #require(Lamina.configuration.subcommands.first { $0.configuration.commandName == command })
        let lines = type.helpMessage(columns: 10_000).split(separator: "\n").map(String.init)
        for line in lines where line.hasPrefix("  -") {
            #expect(line.components(separatedBy: "default").count <= 2, "\(line)")
            if let values = line.firstRange(of: "(values: ") {
                let listed = line[values.upperBound...].prefix { $0 != ")" && $0 != ";" }.components(separatedBy: ", ")
                let before = line[..<values.lowerBound]
                #expect(!listed.allSatisfy { before.contains($0) }, "\(line)")
            }
        }
    }
}
