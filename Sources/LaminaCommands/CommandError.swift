import LaminaCore

/// A failure that ends a command with a sysexits status and a compiler-style message.
package struct CommandError: Error, CustomStringConvertible, Sendable {
    /// The sysexits status (SPEC §2).
    package var status: ExitStatus
    /// The full line printed to stderr (`FILE:LINE:COL: error: MESSAGE`).
    package var description: String

    package init(_ status: ExitStatus, _ description: String) {
        self.status = status
        self.description = description
    }

    package static func input(_ file: String, _ message: String) -> CommandError {
        CommandError(.dataError, "\(file): error: \(message)")
    }
}

/// Exit statuses from sysexits(3), as SPEC §2 assigns them.
package enum ExitStatus: Int32, Sendable, Comparable {
    case success = 0
    case differences = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case cannotCreate = 73
    case ioError = 74

    package static func < (l: ExitStatus, r: ExitStatus) -> Bool { l.rawValue < r.rawValue }
}
