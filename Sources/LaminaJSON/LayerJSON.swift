import LaminaCore

/// The `lamina.layers` JSON format, version 1 (SPEC §3): a scene both ways.
///
///     let text = LayerJSON.encode(scene)
///     let back = try LayerJSON.decode(text, file: "scene.json")   // == scene
public enum LayerJSON {
    /// The value of the document's `format` key.
    public static let format = "lamina.layers"
    /// The only `version` this module reads and writes.
    public static let version = 1
    /// The deepest nesting of JSON objects and arrays accepted (a layer level costs two).
    public static let maxDepth = 10_000

    /// Writes `scene` as pretty-printed `lamina.layers` JSON (2-space indent, final newline).
    ///
    /// Keys come in a fixed order, defaults are omitted, numbers go through `NumberText`.
    public static func encode(_ scene: Scene) -> String {
        String(decoding: encodeBytes(scene), as: UTF8.self)
    }

    /// The UTF-8 bytes of ``encode(_:)``, without building a `String` (for writing files).
    public static func encodeBytes(_ scene: Scene) -> [UInt8] {
        encodeBytes(scene, split: .automatic)
    }

    /// ``encodeBytes(_:)`` with the layers written on the threads of `split`.
    package static func encodeBytes(_ scene: Scene, split: WorkSplit) -> [UInt8] {
        var out: [UInt8] = []
        // Pages of a generous reservation that are never written cost no memory.
        out.reserveCapacity(4096 + scene.tree.count * 512)
        encode(scene, chunkSize: 1 << 16, split: split) { out.append(contentsOf: $0) }
        return out
    }

    /// Streams the UTF-8 bytes of ``encode(_:)`` to `sink` in pieces of at most `chunkSize`
    /// bytes (longer only for a single long string), so the whole text never has to be in
    /// memory at once.
    ///
    ///     LayerJSON.encode(scene) { chunk in file.write(chunk) }
    public static func encode(
        _ scene: Scene, chunkSize: Int = 1 << 20, into sink: (UnsafeRawBufferPointer) -> Void
    ) {
        encode(scene, chunkSize: chunkSize, split: .automatic, into: sink)
    }

    /// ``encode(_:chunkSize:into:)`` with the layers written on the threads of `split` (the
    /// bytes do not depend on it).
    package static func encode(
        _ scene: Scene, chunkSize: Int = 1 << 20, split: WorkSplit, into sink: (UnsafeRawBufferPointer) -> Void
    ) {
        withoutActuallyEscaping(sink) { sink in
            var encoder = LayerEncoder(writer: JSONWriter(chunkSize: chunkSize, sink: sink))
            encoder.encode(scene, split: split)
        }
    }

    /// ``encode(_:chunkSize:split:into:)`` written in place, in the room an output lends
    /// (``JSONWriter/init(inPlace:)``): `room(n, m)` says that `n` bytes of the room lent last
    /// were written and returns the next room, of at least `m` bytes (at most 4 KB; 0 for the
    /// last call).
    package static func encode(
        _ scene: Scene, split: WorkSplit, inPlace room: (_ written: Int, _ minimum: Int) -> UnsafeMutableRawBufferPointer
    ) {
        withoutActuallyEscaping(room) { room in
            var encoder = LayerEncoder(writer: JSONWriter(inPlace: room))
            encoder.encode(scene, split: split)
        }
    }

    /// ``encode(_:split:inPlace:)`` with the layers' chunks written on other threads handed to
    /// `handOver` in their own buffers instead of copied into the room: `handOver(n, buffers,
    /// release)` says that `n` bytes of the room lent last were written and that `buffers` come
    /// next; the output calls `release` once it has written them (from any thread), and lends
    /// new room at the next `room` call.
    package static func encode(
        _ scene: Scene, split: WorkSplit, inPlace room: (_ written: Int, _ minimum: Int) -> UnsafeMutableRawBufferPointer,
        handOver: (_ written: Int, _ buffers: [UnsafeRawBufferPointer], _ release: @escaping @Sendable () -> Void) -> Void
    ) {
        withoutActuallyEscaping(room) { room in
            withoutActuallyEscaping(handOver) { handOver in
                var encoder = LayerEncoder(writer: JSONWriter(inPlace: room, handOver: handOver))
                encoder.encode(scene, split: split)
            }
        }
    }

    /// Reads a `lamina.layers` document from UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - bytes: the document.
    ///   - file: the name used in error locations.
    /// - Throws: ``LayerJSONError`` with the JSON path and line/column of the first problem.
    public static func decode(_ bytes: [UInt8], file: String) throws(LayerJSONError) -> Scene {
        var decoder = LayerDecoder(bytes: bytes, file: file, maxDepth: maxDepth)
        return try decoder.decodeDocument()
    }

    /// ``decode(_:file:)-([UInt8],_)`` with a large input's second half read on another thread
    /// when `threads` > 1 (the scene does not depend on it); `aheadFrom`: the smallest input
    /// split so (tests lower it).
    package static func decode(
        _ bytes: [UInt8], file: String, threads: Int, aheadFrom: Int = AheadDecode.minimumBytes
    ) throws(LayerJSONError) -> Scene {
        var decoder = LayerDecoder(bytes: bytes, file: file, maxDepth: maxDepth)
        if threads > 1 { decoder.startAhead(minimumBytes: aheadFrom) }
        return try decoder.decodeDocument()
    }

    /// Reads a `lamina.layers` document from text (see ``decode(_:file:)-([UInt8],_)``).
    public static func decode(_ text: String, file: String) throws(LayerJSONError) -> Scene {
        try decode(Array(text.utf8), file: file)
    }
}
