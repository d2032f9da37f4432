import LaminaCore

/// Why an SVG document could not be imported, with where it happened.
///
/// Printed like a compiler error: `in.svg:3:7: error: MESSAGE` (SPEC §2).
public struct SVGImportError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The closed set of reasons an import stops.
    public enum Kind: String, Hashable, Sendable {
        /// No bytes, or nothing but whitespace.
        case emptyDocument
        /// Not well-formed XML.
        case malformedXML
        /// The document ends in the middle of a construct.
        case truncated
        /// Bytes that are not valid in the declared (or default UTF-8) encoding.
        case invalidEncoding
        /// Elements nested deeper than the XML parser allows.
        case tooDeep
        /// Entity references expand to more than the reader accepts.
        case entityExpansion
        /// The document element is not `svg` in the SVG namespace.
        case notSVG
        /// The input is larger than the reader accepts.
        case tooLarge
        /// `use` instancing would create more elements than the importer accepts.
        case useExpansion
        /// A Lamina authoring attribute that cannot be understood (SPEC §4).
        case invalidAttribute
    }

    public var kind: Kind
    public var message: String
    public var location: SourceLocation

    public init(_ kind: Kind, _ message: String, at location: SourceLocation) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// `FILE:LINE:COL: error: MESSAGE`.
    public var description: String { "\(location.description): error: \(message)" }
}
