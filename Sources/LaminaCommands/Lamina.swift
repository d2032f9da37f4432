import CLaminaCleanup
import ArgumentParser
import Dispatch

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
    /// Parses the process's arguments, runs the chosen subcommand on the global executor and
    /// exits (the executable's one call).
    ///
    /// The calling thread waits rather than returning to an executor: a main thread handed to
    /// `dispatch_main` leaves by `pthread_exit`, whose unwinding in a static executable first
    /// sorts every frame description in the program (about 20 ms, more than a small conversion).
    public static func runFromCommandLine() -> Never {
        // A signal that ends the process removes the temporary files of unfinished outputs.
        lamina_cleanup_install()
        // The common one-file commands skip ArgumentParser's start-up (see FastCommand) and the
        // Swift executor's.
        if let status = runOnWorker({ FastCommand.run(Array(CommandLine.arguments.dropFirst())) }) {
            Glibc.exit(status)
        }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await start(Lamina.self)
            done.signal()
        }
        done.wait()
        Glibc.exit(ExitStatus.success.rawValue)
    }

    /// Calls the asynchronous `main` (a generic context picks it over the synchronous one).
    private static func start<Command: AsyncParsableCommand>(_ command: Command.Type) async {
        await command.main(nil)
    }

    /// Runs `body` on a libdispatch worker thread and waits for it.
    ///
    /// Not a `Task`: starting Swift's global executor (its thread pool, libdispatch's manager
    /// thread, the cgroup reads) was about 0.15 ms of a 2 ms conversion (a 23 KB emoji: 2.07 →
    /// 1.94 ms, median of 200 interleaved runs). Not on this main thread, and not on a plain
    /// `pthread`: allocations on the main thread come from glibc's main arena, which took ~20 %
    /// more page faults on a large file, and a conversion started outside libdispatch's pool
    /// starts that pool cold when it first splits its work (flat-1e5: 169 → 196 ms, starry night
    /// 28.4 → 29.8 ms, against 170.7 and 27.3 ms on a worker).
    private static func runOnWorker(_ body: @escaping @Sendable () -> Int32?) -> Int32? {
        final class Result: @unchecked Sendable {
            // Written by the worker before it signals; read only after the wait.
            var status: Int32?
        }
        let result = Result()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            result.status = body()
            done.signal()
        }
        done.wait()
        return result.status
    }
}
