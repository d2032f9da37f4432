import CLaminaCleanup
import ArgumentParser
import Dispatch
import LaminaJSON

#if canImport(Glibc)
import Glibc
#endif

/// The `lamina` command: SVG scenes as Core Animation layer trees.
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
public struct Lamina: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Import SVG into Core Animation layer trees and export flattened SVG, debug SVG and layer JSON.",
        version: Lamina.version,
        subcommands: [
            ConvertCommand.self, DebugCommand.self, InspectCommand.self, HitTestCommand.self,
            MapPointCommand.self, MapRectCommand.self, LayoutCommand.self, CheckCommand.self,
        ]
    )

    /// What `lamina --version` prints: the tool's release and the layer JSON it writes (the
    /// `format` and `version` keys of SPEC §3), so a pipeline can tell which output to expect.
    public static let version = "lamina \(release) (layer JSON: \(LayerJSON.format) version \(LayerJSON.version))"

    /// The tool's release.
    public static let release = "0.1.0"

    public init() {}

    /// `lamina` alone is a usage error (64, SPEC §2): `lamina --help` lists the commands.
    public func run() async throws {
        throw ValidationError("choose a command: convert, debug, inspect, hit-test, map-point, map-rect, layout or check")
    }
}

@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
extension Lamina {
    /// Parses the process's arguments, runs the chosen subcommand on the global executor and
    /// exits (the executable's one call).
    ///
    /// The calling thread waits rather than returning to an executor: a main thread handed to
    /// `dispatch_main` leaves by `pthread_exit`, whose unwinding in a static executable first
    /// sorts every frame description in the program (about 20 ms, more than a small conversion).
    public static func runFromCommandLine() -> Never {
        // A signal that ends the process removes the temporary files of unfinished outputs.
        lamina_cleanup_install()
        // Never signalled: the task ends the process with the command's status.
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            // The common one-file commands skip ArgumentParser's start-up (see FastCommand).
            let arguments = Array(CommandLine.arguments.dropFirst())
            if let status = FastCommand.run(arguments) { Glibc.exit(status) }
            if let message = UnknownCommand.message(arguments) ?? OptionValueCheck.message(arguments)
                ?? OptionSpelling.repeatedOption(arguments)
            {
                _ = FileIO.writeAll(fd: 2, Array(message.utf8))
                Glibc.exit(ExitStatus.usage.rawValue)
            }
            Glibc.exit(await parseAndRun(NegativeArguments.rewrite(arguments)))
        }
        done.wait()
        Glibc.exit(ExitStatus.success.rawValue)
    }

    /// Parses `arguments` (without the program name), runs the chosen command and returns the
    /// exit status, as ArgumentParser's `main` does, except that a usage error is printed in
    /// Lamina's style (``UsageError``). Help goes to standard output with status 0.
    package static func parseAndRun(_ arguments: [String]) async -> Int32 {
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return ExitStatus.success.rawValue
        } catch {
            let status = exitCode(for: error).rawValue
            let text = fullMessage(for: error)
            // `ExitCode` (a command that printed its own error) has no text.
            guard !text.isEmpty else { return status }
            let fd: Int32 = status == ExitStatus.success.rawValue ? 1 : 2
            // ArgumentParser's nearest option is not always the one meant (`--out`: `--hit`).
            let output = fd == 1 ? text + "\n"
                : UsageError.relabel(text, message: message(for: error), replacement: OptionSpelling.unknownOption(arguments))
            FileIO.writeAll(fd: fd, Array(output.utf8))
            return status
        }
    }
}
