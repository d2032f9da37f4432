import CLibXML2

extension ReaderState {
    /// Expands the references libxml2 leaves in attribute values when it does not substitute
    /// entities: `&#38;` (a literal ampersand) and `&name;` for internal general entities.
    ///
    /// Expansion is bounded: at most 8 levels of nesting and 1 MB of output per value.
    func expandReferences(_ value: String) -> String {
        var out: [UInt8] = []
        expand(Array(value.utf8), into: &out, depth: 0)
        return String(decoding: out, as: UTF8.self)
    }

    private func expand(_ input: [UInt8], into out: inout [UInt8], depth: Int) {
        var i = 0
        while i < input.count {
            let b = input[i]
            guard b == 0x26, let semi = input[(i + 1)...].prefix(64).firstIndex(of: 0x3B) else {
                out.append(b)
                i += 1
                continue
            }
            let body = Array(input[(i + 1)..<semi])
            if body.first == 0x23, let scalar = Self.characterReference(body.dropFirst()) {
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            } else if depth < 8, out.count < 1_000_000, let replacement = entityText(body) {
                expand(replacement, into: &out, depth: depth + 1)
            } else {
                out.append(contentsOf: input[i...semi])
            }
            i = semi + 1
        }
    }

    /// `#38`-style body (without the `#`) to a scalar.
    private static func characterReference(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
        var radix: UInt32 = 10
        var d = digits
        if d.first == 0x78 || d.first == 0x58 {
            radix = 16
            d = d.dropFirst()
        }
        guard !d.isEmpty, d.count <= 8 else { return nil }
        var v: UInt32 = 0
        for c in d {
            let digit: UInt32
            switch c {
            case 0x30...0x39: digit = UInt32(c - 0x30)
            case 0x61...0x66 where radix == 16: digit = UInt32(c - 0x61 + 10)
            case 0x41...0x46 where radix == 16: digit = UInt32(c - 0x41 + 10)
            default: return nil
            }
            v = v * radix + digit
        }
        return Unicode.Scalar(v)
    }

    /// The replacement text of an internal general or predefined entity.
    private func entityText(_ name: [UInt8]) -> [UInt8]? {
        guard let c = ctxt, !name.isEmpty else { return nil }
        let entity: xmlEntityPtr? = (name + [0]).withUnsafeBufferPointer { xmlSAX2GetEntity(c, $0.baseAddress) }
        guard let e = entity, let content = e.pointee.content else { return nil }
        let type = e.pointee.etype.rawValue
        guard type == XML_INTERNAL_GENERAL_ENTITY.rawValue || type == XML_INTERNAL_PREDEFINED_ENTITY.rawValue else { return nil }
        let length = Int(e.pointee.length)
        guard length >= 0, length < 1_000_000 else { return nil }
        return Array(UnsafeBufferPointer(start: content, count: length))
    }
}
