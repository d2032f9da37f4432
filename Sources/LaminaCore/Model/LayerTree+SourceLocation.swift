/// A 1-based line and byte column in a source file, stored compactly per layer.
public struct SourcePosition: Hashable, Sendable {
    /// 1-based line.
    public var line: Int32
    /// 1-based UTF-8 byte column.
    public var column: Int32

    /// Creates a position.
    public init(line: Int32, column: Int32) {
        self.line = line
        self.column = column
    }
}

extension LayerTree {
    /// Where layer `id` was written: its SVG element's location, else the position a decoder
    /// recorded in ``sourcePositions``; nil when unknown. Warnings about a layer use this.
    public func sourceLocation(of id: LayerID) -> SourceLocation? {
        if let location = layers[id.index].svg?.location { return location }
        guard id.index < sourcePositions.count else { return nil }
        let p = sourcePositions[id.index]
        return SourceLocation(file: sourceFile, line: Int(p.line), column: Int(p.column))
    }
}
