import LaminaCore

/// Each display item's own markup, as the body writes it, for tools that map the elements of
/// a written document back to their layers (`lamina check` names the layer of a changed
/// drawable).
extension FlattenedSVG {
    /// Calls `body` with each item's index and markup in paint order: exactly what the flat body
    /// writes for the item, without the groups and clip groups written around runs of items.
    /// Not for `--keep-groups` output, which writes items inside per-layer groups.
    package static func eachItemMarkup(_ list: DisplayList, scene: Scene, _ body: (_ index: Int, _ markup: [UInt8]) -> Void) {
        let w = FlatWriter(list: list, scene: scene)
        var out: [UInt8] = []
        for (i, item) in list.items.enumerated() {
            out.removeAll(keepingCapacity: true)
            w.writeItem(item, to: &out)
            body(i, out)
        }
    }
}
