/// Answers to "which element of this paint server's `href` chain (itself first) is the first to
/// hold X?", memoized for every element the walk passes, so that N servers chained together cost
/// one walk per question instead of N (a chain of N gradients each inheriting its stops from the
/// first was N² steps, and was cut at 64 links).
struct PaintServerLinks {
    struct Key: Hashable {
        var element: Int
        var question: String
    }

    /// The answers found so far (-1: no element of the chain holds it).
    var answers: [Key: Int] = [:]
}

extension SceneBuilder {
    /// The next element of `e`'s `href` chain: a `#id` reference to an element whose name is in
    /// `kinds`, or nil.
    func nextPaintServer(after e: Int, kinds: Set<String>) -> Int? {
        guard let href = hrefValue(of: e)?.trimmingCharacters(in: " \t\n\r"), href.hasPrefix("#"),
            let next = element(id: String(href.dropFirst())), kinds.contains(tree[next].name)
        else { return nil }
        return next
    }

    /// The first element of `e`'s `href` chain through `kinds` (itself first, stopping at a
    /// cycle) for which `holds` is true; `question` names `holds` for the memo (elements that
    /// share a chain tail share the answer).
    mutating func firstInChain(
        _ e: Int, kinds: Set<String>, question: String, holds: (Int) -> Bool
    ) -> Int? {
        // The elements passed without an answer (each gets the one found).
        var passed: Set<Int> = []
        var current = e
        var answer = -1
        while true {
            if let known = paintLinks.answers[PaintServerLinks.Key(element: current, question: question)] {
                answer = known
                break
            }
            if holds(current) {
                answer = current
                break
            }
            passed.insert(current)
            guard let next = nextPaintServer(after: current, kinds: kinds), !passed.contains(next) else { break }
            current = next
        }
        for p in passed { paintLinks.answers[PaintServerLinks.Key(element: p, question: question)] = answer }
        return answer >= 0 ? answer : nil
    }
}
