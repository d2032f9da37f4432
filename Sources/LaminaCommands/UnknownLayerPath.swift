import LaminaCore

/// The usage error for a layer path (`--layer`, `--from`, `--to`, `--only`) that names no layer,
/// with the path most likely meant.
///
/// `map-point clock.svg 1 2 --from Hour` said only `no layer at path 'Hour'`; a layer whose id
/// holds `/` (written `#N`, SPEC §2) could not be found from the message at all. The error now
/// names the path to use when one fits, else where to find the paths.
enum UnknownLayerPath {
    static func error(_ path: String, in scene: Scene, file: String) -> CommandError {
        var message = "\(file): error: no layer at path '\(path)'"
        if let near = suggestion(for: path, in: scene) {
            message += "; did you mean '\(near)'?"
        } else {
            message += " (`lamina inspect \(file)` prints every layer's path)"
        }
        return CommandError(.usage, message)
    }

    /// The path of the layer `path` most likely meant: the one path equal to it but for case; the
    /// layer named `path` itself when that name is written as an index (`a/b` → `#1`); else the
    /// one layer whose last path part matches `path`'s (`tick3` → `ticks/tick3`), case ignored.
    static func suggestion(for path: String, in scene: Scene) -> String? {
        let tree = scene.tree
        let layers = tree.preorder(from: scene.root)
        let paths = layers.map { tree.path(of: $0, root: scene.root) }
        let wanted = path.lowercased()
        if let i = paths.firstIndex(where: { $0.lowercased() == wanted }) { return paths[i] }
        if let i = layers.firstIndex(where: { tree[$0].name == path }) { return paths[i] }
        guard let last = wanted.split(separator: "/").last else { return nil }
        let ends = paths.filter { $0.lowercased().split(separator: "/").last == last }
        return ends.count == 1 ? ends[0] : nil
    }
}
