import LaminaCore

extension ElementPrefetch {
    /// What is known of one element before it is built.
    struct Entry: Sendable {
        /// `StyleCascade.cascaded(for:)`.
        var declarations: CascadedList
        /// The computed style in the document: the parent's document style's
        /// `child(cascaded: declarations)`, from `ComputedStyle.initial` at the root.
        var style: ComputedStyle
        /// `SceneBuilder.transformResult(…)` for those declarations.
        var transform: SceneBuilder.TransformResult
        /// `SceneBuilder.listGeometry(…)` for `path`, `polygon` and `polyline`, else nil.
        var geometry: SceneBuilder.ListGeometry?
        /// `SceneBuilder.layerFacts(…)`: id, class, title, authoring and event attributes.
        var layerFacts: SceneBuilder.LayerFacts
        /// `SceneBuilder.mayReferenceOtherFiles(declarations)`: the builder's external-reference
        /// check has work.
        var mayReferenceOtherFiles: Bool
        /// Whether the builder has moved `declarations` and `style` out (``takeStyle(_:)``):
        /// their memory is then uninitialized, and the accessors that read them answer nil.
        var styleTaken = false

        /// Deinitializes the entry at `p`, leaving out the fields moved out of it (every field
        /// that holds a reference must be named here).
        static func deinitialize(_ p: UnsafeMutablePointer<Entry>) {
            guard p.pointee.styleTaken else {
                p.deinitialize(count: 1)
                return
            }
            let raw = UnsafeMutableRawPointer(p)
            (raw + MemoryLayout<Entry>.offset(of: \.transform).unsafelyUnwrapped)
                .assumingMemoryBound(to: SceneBuilder.TransformResult.self).deinitialize(count: 1)
            (raw + MemoryLayout<Entry>.offset(of: \.geometry).unsafelyUnwrapped)
                .assumingMemoryBound(to: SceneBuilder.ListGeometry?.self).deinitialize(count: 1)
            (raw + MemoryLayout<Entry>.offset(of: \.layerFacts).unsafelyUnwrapped)
                .assumingMemoryBound(to: SceneBuilder.LayerFacts.self).deinitialize(count: 1)
        }
    }

    /// `StyleCascade.cascaded(for:)` of `element`, when prefetched (and not taken).
    func declarations(_ element: Int) -> CascadedList? {
        guard let p = entryAddress(element), !p.pointee.styleTaken else { return nil }
        return p.pointee.declarations
    }

    /// The document style of `element` (see ``Entry/style``) with its declarations and
    /// ``Entry/mayReferenceOtherFiles``, when prefetched, moved out of the entry: the builder
    /// takes an element's document style once, as it builds the element in the document. Copied, the style's and the list's references
    /// were retained for the builder and released again when the block was freed (atomic
    /// operations on the worker's objects, from both threads); moved, neither. Later requests
    /// of the style or the declarations answer nil (the builder computes them on the spot,
    /// the same values: an element built again, by a `use` in the same block).
    func takeStyle(_ element: Int) -> (ComputedStyle, CascadedList, Bool)? {
        guard let p = entryAddress(element), !p.pointee.styleTaken else { return nil }
        let entry = UnsafeMutablePointer(mutating: p)
        entry.pointee.styleTaken = true
        let raw = UnsafeMutableRawPointer(entry)
        let style = (raw + MemoryLayout<Entry>.offset(of: \.style).unsafelyUnwrapped)
            .assumingMemoryBound(to: ComputedStyle.self).move()
        let declarations = (raw + MemoryLayout<Entry>.offset(of: \.declarations).unsafelyUnwrapped)
            .assumingMemoryBound(to: CascadedList.self).move()
        return (style, declarations, entry.pointee.mayReferenceOtherFiles)
    }

    /// The transform result of `element`, when prefetched.
    func transform(_ element: Int) -> SceneBuilder.TransformResult? {
        entryAddress(element)?.pointee.transform
    }

    /// The geometry of a `path`, `polygon` or `polyline` element, when prefetched.
    func geometry(_ element: Int) -> SceneBuilder.ListGeometry? {
        guard let p = entryAddress(element) else { return nil }
        return p.pointee.geometry
    }

    /// Where ``geometry(_:)`` of `element` is kept, when prefetched, for reading its fields in
    /// place (valid as the addresses of ``entryAddress(_:)`` are): copied out whole and
    /// destroyed after its shape was taken, a path's cost ~210 instructions.
    func geometryAddress(_ element: Int) -> UnsafePointer<SceneBuilder.ListGeometry?>? {
        guard let p = entryAddress(element) else { return nil }
        return (UnsafeRawPointer(p) + MemoryLayout<Entry>.offset(of: \Entry.geometry).unsafelyUnwrapped)
            .assumingMemoryBound(to: SceneBuilder.ListGeometry?.self)
    }

    /// The layer facts of `element`, when prefetched.
    func layerFacts(_ element: Int) -> SceneBuilder.LayerFacts? {
        entryAddress(element)?.pointee.layerFacts
    }

    /// The whole entry of `element`, when prefetched (and its style not taken).
    func entry(_ element: Int) -> Entry? {
        guard let p = entryAddress(element), !p.pointee.styleTaken else { return nil }
        return p.pointee
    }
}
