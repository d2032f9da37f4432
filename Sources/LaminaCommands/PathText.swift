/// The path-text operations of `NSString` (`lastPathComponent` and friends) without Foundation:
/// repeated slashes count as one and a trailing slash is ignored, as there.
package enum PathText {
    /// `path` with runs of `/` collapsed and a trailing `/` removed (except for `/` itself).
    package static func fixingSlashes(_ path: String) -> String {
        var out = ""
        out.reserveCapacity(path.utf8.count)
        var previousSlash = false
        for c in path {
            if c == "/" && previousSlash { continue }
            previousSlash = c == "/"
            out.append(c)
        }
        if out.count > 1 && out.hasSuffix("/") { out.removeLast() }
        return out
    }

    /// The last component (`a/b.svg` → `b.svg`; `/` → `/`).
    package static func lastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed.count > 1, let slash = fixed.lastIndex(of: "/") else { return fixed }
        return String(fixed[fixed.index(after: slash)...])
    }

    /// The path without its last component (`a/b.svg` → `a`; `b.svg` → ``; `/b` → `/`).
    package static func deletingLastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed == "/" || fixed.isEmpty { return fixed }
        guard let slash = fixed.lastIndex(of: "/") else { return "" }
        if slash == fixed.startIndex { return "/" }
        return String(fixed[..<slash])
    }

    /// The path without the extension of its last component (`a/b.c.svg` → `a/b.c`); a leading
    /// dot (`.hidden`) and `..` are not extensions.
    package static func deletingExtension(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed == "/" { return fixed }
        let componentStart = fixed.lastIndex(of: "/").map { fixed.index(after: $0) } ?? fixed.startIndex
        let component = fixed[componentStart...]
        guard let dot = component.lastIndex(of: "."), dot != componentStart, component != ".." else { return fixed }
        return String(fixed[..<dot])
    }
}
