import LaminaCore

/// Why a `lamina.layers` document was rejected, with the JSON path and source position.
public struct LayerJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The closed set of reasons a document is rejected.
    public enum Kind: String, Hashable, Sendable {
        /// Not well-formed JSON (truncated, stray characters, bad escapes, trailing garbage).
        case syntax
        /// The bytes are not valid UTF-8.
        case invalidUTF8
        /// Containers nested deeper than ``LayerJSON/maxDepth``.
        case tooDeep
        /// `NaN`, `Infinity` or a number too large for a double (`1e400`).
        case nonFinite
        /// The same key twice in one object.
        case duplicateKey
        /// A key the format does not define (and that does not start with `x-`).
        case unknownKey
        /// A required key is absent.
        case missingKey
        /// A value of the wrong JSON type.
        case typeMismatch
        /// A value of the right type that is not allowed (bad enum string, wrong count, range).
        case invalidValue
        /// `format` is not `lamina.layers`.
        case format
        /// `version` is not 1.
        case version
    }

    /// Which rule the document broke.
    public var kind: Kind
    /// JSON path of the offending value, e.g. `root.sublayers[2].opacity`; empty for syntax errors.
    public var path: String
    /// What is wrong, lower case, no final period (`expected a number`).
    public var message: String
    /// File, 1-based line and 1-based byte column of the offending text (0 when unknown).
    public var location: SourceLocation

    /// Creates an error; `location` carries the file name and position.
    public init(kind: Kind, path: String, message: String, location: SourceLocation) {
        self.kind = kind
        self.path = path
        self.message = message
        self.location = location
    }

    /// The file name the decoder was given.
    public var file: String { location.file }
    /// 1-based line, or 0 when unknown.
    public var line: Int { location.line }
    /// 1-based UTF-8 byte column, or 0 when unknown.
    public var column: Int { location.column }

    /// `FILE:LINE:COL: error: PATH: MESSAGE`, the compiler form of SPEC §2.
    public var description: String {
        "\(location.description): error: \(path.isEmpty ? "" : path + ": ")\(message)"
    }

    /// The same error as a ``Diagnostic`` (message prefixed by the path).
    public var diagnostic: Diagnostic {
        Diagnostic(.error, path.isEmpty ? message : "\(path): \(message)", at: location)
    }
}
