import Dispatch
import LaminaCore
import Synchronization

/// Decoding a large document on two threads.
///
/// A helper starts reading at a layer object in the second half of the input, as if it were an
/// element of a `sublayers` array, and decodes it and its following siblings up to the `]` that
/// closes the array, into a tree of its own. Where it starts is a guess made without reading the
/// first half (the next `{` after a `,` past the middle, the least indented one nearby), so the
/// guess is checked: the main decoder takes the helper's layers only when it reaches that very
/// byte as the next element of a `sublayers` array, and the helper read it without an error and
/// within the depth left. Then the layers are appended in document order (so every id is the
/// one a single pass gives), linked under the array's layer, and decoding goes on at the `]`.
/// Otherwise the main decoder reads that part itself, errors and all, and the helper's work is
/// dropped: the result never depends on the guess.
final class AheadDecode: @unchecked Sendable {
    /// What the helper read.
    struct Run {
        var tree: LayerTree
        /// The siblings read, in order (roots of `tree`).
        var tops: [LayerID]
        /// Where the closing `]` of their array is.
        var end: Int
        /// The deepest nesting the helper entered, counted from the array.
        var deepest: Int
        var lines: LineTracker
    }

    /// The byte the helper starts at (a `{`).
    let start: Int
    // Written by the helper before it signals `done`; read only after waiting for it.
    private var run: Run?
    private let done = DispatchSemaphore(value: 0)
    /// Set when the main decoder will not take the helper's layers: it stops at the next sibling.
    let cancelled = Atomic<Bool>(false)

    /// Starts the helper at `start`.
    init(bytes: [UInt8], file: String, maxDepth: Int, start: Int) {
        self.start = start
        DispatchQueue.global().async { [self] in
            var helper = LayerDecoder(bytes: bytes, file: file, maxDepth: maxDepth)
            run = try? helper.decodeSiblings(from: start, cancelled: cancelled)
            done.signal()
        }
    }

    /// Tells the helper its layers will not be taken (the document is read without them).
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// The helper's layers, once it is done (handed over: the caller holds the only copy);
    /// nil when it met an error. Called once.
    func wait() -> Run? {
        done.wait()
        return run.take()
    }

    /// Inputs below this size are read on one thread.
    static let minimumBytes = 4 << 20

    /// Where a helper should start in `bytes`, or nil: the first `{` after the middle that
    /// follows a `,` (an element after the first of an array), or, among those within the next
    /// 256 KB, the one least indented (an element of the outermost large array, in a
    /// pretty-printed document).
    static func start(in bytes: [UInt8]) -> Int? {
        let n = bytes.count
        var best: (at: Int, indent: Int)?
        bytes.withUnsafeBufferPointer { b in
            var i = n / 2
            let stop = min(n, i + (256 << 10))
            while i < stop {
                defer { i += 1 }
                guard b[i] == UInt8(ascii: "{") else { continue }
                var j = i - 1, indent = 0, sawLine = false
                while j > 0, b[j] == 0x20 || b[j] == 0x09 || b[j] == 0x0A || b[j] == 0x0D {
                    if b[j] == 0x0A { sawLine = true }
                    if !sawLine { indent += 1 }
                    j -= 1
                }
                guard j > 0, b[j] == UInt8(ascii: ",") else { continue }
                let key = sawLine ? indent : Int.max
                if best == nil || key < best!.indent { best = (i, key) }
                if !sawLine { break }  // not pretty-printed: the first will do
            }
        }
        return best?.at
    }
}

extension LayerDecoder {
    /// Decodes layer objects from `start` (a `{`) as consecutive elements of one `sublayers`
    /// array, up to its closing `]`: the helper's side of ``AheadDecode``.
    mutating func decodeSiblings(from start: Int, cancelled: borrowing Atomic<Bool>) throws(LayerJSONError) -> AheadDecode.Run? {
        reader.pos = start
        _ = reader.position(at: start)
        var tops: [LayerID] = []
        while true {
            if cancelled.load(ordering: .relaxed) { return nil }
            tops.append(try decodeLayers())
            if reader.consume(UInt8(ascii: ",")) { continue }
            guard reader.peek() == UInt8(ascii: "]") else { throw reader.unexpectedCharacter(expecting: "',' or ']'") }
            return AheadDecode.Run(tree: tree, tops: tops, end: reader.pos, deepest: reader.deepest, lines: reader.lines)
        }
    }

    /// Takes the helper's layers when the next element of the `sublayers` array of `parent`
    /// starts where it started (see ``AheadDecode``); returns how many sublayers that adds (0:
    /// read on as usual).
    mutating func takeAhead(under parent: LayerID) -> Int {
        guard let ahead, reader.peek() != nil, reader.pos == ahead.start else { return 0 }
        self.ahead = nil
        guard var run = ahead.wait(), reader.depth + run.deepest <= reader.maxDepth,
            tree.sourcePositions.count == tree.count
        else { return 0 }
        let fragment = run.tree
        run.tree = LayerTree()
        let base = tree.append(contentsOf: fragment)
        for top in run.tops {
            // Fresh layers under a layer of the main tree: no cycle can form.
            try? tree.addSublayer(LayerID(top.index + base), to: parent)
        }
        reader.pos = run.end
        reader.lines = run.lines
        aheadTaken += run.tops.count
        return run.tops.count
    }
}
