import LaminaJSON
extension CheckJSONDocument {
    /// Compact JSON text of `node`, cut after about `limit` bytes (no recursion). Long, so that
    /// ``CheckDifference`` can show where an old and a new text differ past their start.
    func compactText(_ node: Int, limit: Int = 1 << 16) -> String {
        var out = ""
        // Work items: a node to write, or a literal piece of punctuation.
        enum Item { case node(Int), text(String) }
        var stack: [Item] = [.node(node)]
        while let item = stack.popLast() {
            if out.utf8.count > limit { return String(out.prefix(limit)) + "…" }
            switch item {
            case .text(let t):
                out += t
            case .node(let index):
                let n = nodes[index]
                switch n.kind {
                case .null, .bool, .number:
                    out += n.text
                case .string:
                    out += Self.quoted(n.text)
                case .array, .object:
                    let isObject = n.kind == .object
                    out += isObject ? "{" : "["
                    stack.append(.text(isObject ? "}" : "]"))
                    for j in n.children.indices.reversed() {
                        stack.append(.node(n.children[j]))
                        if isObject { stack.append(.text(Self.quoted(n.keys[j]) + ":")) }
                        if j > 0 { stack.append(.text(",")) }
                    }
                }
            }
        }
        return out.utf8.count > limit ? String(out.prefix(limit)) + "…" : out
    }

    /// `text` as a JSON string literal (the same escaping as `lamina inspect`).
    static func quoted(_ text: String) -> String {
        var out = ""
        InspectReport.appendQuoted(text, to: &out)
        return out
    }
}
