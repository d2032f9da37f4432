import Dispatch

/// The id index's table (``IDByteTable/entries(names:ends:arena:isID:)``) built on a helper
/// thread from the reader's slot columns, from the moment they are complete, while the main
/// thread sorts the content order, sets up the cascade and the builder and starts building:
/// the index is waited for at its first lookup (``IDIndex``).
///
/// Built this way only for a large document with ids when a second thread may be used
/// (``ElementTreeBuilder/finish(file:threads:)``). On one thread the table is built at the
/// first `url(#…)`, in the build, on the main thread: at deep-1e5 12.2 M instructions (35,109
/// ids; hashed into a 1 MB table, with cache misses) after the content order's 7.5 M and
/// the builder's set-up, while the other core waited.
final class IDTableAhead: @unchecked Sendable {
    // `entries` is written once by the helper before `done` is signalled, and read only
    // after `wait()` has seen the signal (`waited`: by the one thread that owns the index).
    private let done = DispatchSemaphore(value: 0)
    private var entries: IDByteTable.Entries?
    private var waited = false
    /// Signalled once the helper has let the leftover go (``waitForLeftover()``).
    private let leftoverGone = DispatchSemaphore(value: 0)

    private init() {}

    /// Starts building the table of the `id` values in `names` / `ends` / `arena` (the
    /// columns of an ``ElementTable``, which are not changed afterwards) on a helper thread,
    /// which lets `leftover` go once the table is done (its last reference, so freed there).
    static func start(
        names: [Int32], ends: [UInt32], arena: [UInt8], isID: [Bool], then leftover: (any AnyObject & Sendable)? = nil
    ) -> IDTableAhead {
        let ahead = IDTableAhead()
        // Held through a box the block empties, so that the last reference goes at a known
        // point on the helper (a value the block captured would go when dispatch releases the
        // block, after it returned).
        let held = HeldReference<AnyObject>(leftover)
        DispatchQueue.global().async {
            ahead.entries = names.withUnsafeBufferPointer { names in
                ends.withUnsafeBufferPointer { ends in
                    arena.withUnsafeBufferPointer { arena in
                        IDByteTable.entries(names: names, ends: ends, arena: arena, isID: isID)
                    }
                }
            }
            ahead.done.signal()
            // Let go here, on this thread (freed here when it was the last reference).
            held.value = nil
            ahead.leftoverGone.signal()
        }
        return ahead
    }

    /// Waits until the helper has let the leftover go (after the table is done).
    func waitForLeftover() {
        leftoverGone.wait()
        leftoverGone.signal()
    }

    /// The table, once built (nil when the document's ids need the `String` map: a non-ASCII
    /// id, a probe too long). Called by one thread (the index's owner).
    func wait() -> IDByteTable.Entries? {
        if !waited {
            done.wait()
            waited = true
        }
        return entries
    }
}
