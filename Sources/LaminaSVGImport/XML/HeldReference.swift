/// A reference a helper thread's block holds through a box it empties at a known point, so
/// that the block lets it go there: a value the block captured directly is released only when
/// dispatch releases the block, some time after the block returned (after the other thread,
/// signalled, has gone on). One thread writes it (the block), after the thread that made it.
final class HeldReference<Value: AnyObject>: @unchecked Sendable {
    var value: Value?

    init(_ value: Value?) { self.value = value }
}
