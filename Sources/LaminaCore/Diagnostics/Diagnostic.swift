/// Where in an input file something was found (1-based line and column; 0 when unknown).
public struct SourceLocation: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COL`, or `FILE` alone when the line is unknown.
    public var description: String {
        line > 0 ? "\(file):\(line):\(max(column, 1))" : file
    }
}

/// A warning or error with its location, printed like a compiler diagnostic.
public struct Diagnostic: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable {
        case warning, error
    }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public static func warning(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// `FILE:LINE:COL: warning: MESSAGE` (SPEC §2).
    public func formatted(defaultFile: String = "lamina") -> String {
        "\(location?.description ?? defaultFile): \(severity.rawValue): \(message)"
    }
}
