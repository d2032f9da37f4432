/// Takes a large value apart on a thread of its own while the caller goes on.
///
/// A builder's last references (the per-element geometry records, memo tables, the reader's
/// leftovers) took deep-1e5's import ~3 ms to destroy on the conversion's thread, with the other
/// core idle: that window is followed by the layout pass, which runs alone too. The value must
/// share nothing the caller will mutate in place (a shared buffer would make the caller's first
/// write copy it): the builder hands its layer tree to the scene before it is released here.
enum ReleaseBehind {
    /// The fewest layers of a scene whose builder is worth a thread: a thread starts in ~50 µs,
    /// and a builder destroys a layer's records in ~30 ns.
    static let minimumLayers = 10_000

    /// The value, boxed so that its destruction is the box's, on the box's thread.
    private final class Parcel<T>: OwnThread.Job, @unchecked Sendable {
        var value: T?
        init(_ value: consuming T) { self.value = value }
    }

    /// Destroys `value` on a new detached thread; on the calling thread when none can be
    /// started (and on systems without pthreads).
    static func release<T>(_ value: consuming T) {
        _ = OwnThread.start(Parcel(value))
    }
}
