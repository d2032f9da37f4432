#if canImport(Glibc)
import Glibc
#endif

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

    /// The value, boxed so that its destruction is the box's.
    private final class Parcel<T>: @unchecked Sendable {
        var value: T?
        init(_ value: consuming T) { self.value = value }
    }

    /// Destroys `value` on a new detached thread; on the calling thread when none can be
    /// started (and on systems without pthreads).
    static func release<T>(_ value: consuming T) {
        #if canImport(Glibc)
        let box: AnyObject = Parcel(value)
        let context = Unmanaged.passRetained(box).toOpaque()
        var id = pthread_t()
        let started = pthread_create(
            &id, nil,
            { context in
                // The box's last reference: its deinit destroys the value here.
                if let context { Unmanaged<AnyObject>.fromOpaque(context).release() }
                return nil
            }, context)
        if started == 0 {
            pthread_detach(id)
        } else {
            Unmanaged<AnyObject>.fromOpaque(context).release()
        }
        #else
        _ = consume value
        #endif
    }
}
