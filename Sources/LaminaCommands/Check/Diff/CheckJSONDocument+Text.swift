extension CheckJSONDocument {
    /// Compact JSON text of `node`, cut after about `limit` characters (no recursion).
    func compactText(_ node: Int, limit: Int = 120) -> String {
        var out = ""
        // Work items: a node to write, or a literal piece of punctuation.
        enum Item { case node(Int), text(String) }
        var stack: [Item] = [.node(node)]
        while let item = stack.popLast() {
            if out.count > limit { return String(out.prefix(limit)) + "…" }
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
        return out.count > limit ? String(out.prefix(limit)) + "…" : out
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
