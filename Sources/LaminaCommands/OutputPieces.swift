/// An output held as consecutive pieces of bytes rather than one array: the debug SVG that
/// `check` compares is the flattened SVG's body, the overlay's pieces and the closing tag, and
/// copying them into one array took as long as comparing them (a page fault per 4 KB of a
/// buffer as large as the document: 63 MB for a 20,000-point scatter plot).
package struct OutputPieces: Sendable {
    /// The bytes, in order.
    package let pieces: [ArraySlice<UInt8>]
    /// The array of a single piece made from one, handed back as it is.
    private let whole: [UInt8]?

    /// One piece.
    package init(_ bytes: [UInt8]) {
        pieces = [bytes[...]]
        whole = bytes
    }

    /// The pieces in order (empty ones are dropped).
    package init(pieces: [ArraySlice<UInt8>]) {
        self.pieces = pieces.filter { !$0.isEmpty }
        whole = nil
    }

    /// The number of bytes.
    package var count: Int { pieces.reduce(0) { $0 + $1.count } }

    /// The bytes as one array (the array itself when made from one).
    package var bytes: [UInt8] {
        if let whole { return whole }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        for p in pieces { out += p }
        return out
    }
}
