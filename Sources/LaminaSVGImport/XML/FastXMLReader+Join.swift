#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The join of a document read in two halves (``FastXMLReader+Split``).
extension FastXMLReader {
    /// Appends the second half's tables to this reader's (indices and offsets moved, lines and
    /// columns counted from the split `offset` made absolute, names interned in the order the
    /// second reader met them); the document element is then closed.
    ///
    /// On the one-thread stretch after both halves (the other core idle): the second reader's
    /// element records and content order are moved in place in its own arrays, then appended
    /// as one copy each, and the slots written through pointers into room made once, with no
    /// check a value (through `append` they took ~36 instructions an item, 10.7 M at flat-1e5).
    func join(_ other: FastXMLReader, depth: Int, at offset: Int) {
        let elementNameMap = other.builder.elementNames.map { builder.elementName($0.name, namespace: $0.namespace) }
        let attributeNameMap = other.builder.attributeNames.map {
            builder.attributeName($0.name, namespace: $0.namespace, qualifiedName: $0.qualifiedName)
        }
        let elementShift = Int32(builder.count - 1)
        let slotShift = Int32(nameIDs.count - other.split.rootSlots)
        let textShift = Int32(builder.texts.count)
        let open = stack
        func parent(_ p: Int32) -> Int32 { p >= 1 ? p + elementShift : open[depth - 1 - Int(-2 - p)].index }
        // The split's own line and column: the second reader's line 1 is this line, from this column.
        let (line, column) = location(of: offset)

        // The second reader's records past its document element's, moved in place and appended.
        other.builder.elements.withUnsafeMutableBufferPointer { records in
            elementNameMap.withUnsafeBufferPointer { names in
                for k in records.indices.dropFirst() {
                    var r = records[k]
                    r.name = names[Int(r.name)]
                    r.parent = parent(r.parent)
                    if r.line == 1 { r.column = r.column &+ column &- 1 }
                    r.line = r.line &+ line &- 1
                    r.attributeStart += slotShift
                    records[k] = r
                }
            }
            // From a buffer: one copy (from the array's slice it went record by record).
            builder.elements.append(contentsOf: UnsafeBufferPointer(rebasing: records.dropFirst()))
        }
        // The second half's values are in this arena already, from `valuesOffset` on (at or past
        // this reader's end): moved down to its end, they land on pages both readers wrote but
        // those between. Without `valuesAt` (its own arena), they are copied.
        let values = other.arenaCount - other.split.rootArena
        if other.split.valuesAt != nil {
            memmove(arena + arenaCount, arena + other.split.valuesOffset, values)
        } else {
            (arena + arenaCount).update(from: other.arena + other.split.rootArena, count: values)
        }
        let arenaShift = arenaCount - other.split.rootArena
        let slots = other.nameIDs.count - other.split.rootSlots
        let ids = nameIDs.extend(by: slots)
        let ends = valueEnds.extend(by: slots)
        let fromIDs = other.nameIDs.base + other.split.rootSlots
        let fromEnds = other.valueEnds.base + other.split.rootSlots
        attributeNameMap.withUnsafeBufferPointer { names in
            for s in 0..<slots {
                ids[s] = names[Int(fromIDs[s])]
                ends[s] = UInt32(truncatingIfNeeded: Int(fromEnds[s]) &+ arenaShift)
            }
        }
        arenaCount += values
        for t in other.builder.texts {
            builder.texts.append(TextRun(start: t.start + textCount, count: t.count, parent: parent(t.parent)))
        }
        (textOut + textCount).update(from: other.textOut, count: other.textCount)
        textCount += other.textCount
        other.builder.order.withUnsafeMutableBufferPointer { items in
            for k in items.indices {
                let item = items[k]
                items[k] = item >= 0 ? item + elementShift : ~(~item + textShift)
            }
        }
        other.builder.order.withUnsafeBufferPointer { builder.order.append(contentsOf: $0) }
        stack.removeAll()
    }
}
