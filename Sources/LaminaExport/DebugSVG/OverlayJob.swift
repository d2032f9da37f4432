import LaminaCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DebugSVG {
    /// The overlay of a scene drawn on a second thread while the caller resolves and writes the
    /// flattened picture it goes on; ``DebugSVG/document(_:scene:keepGroups:options:chunkSize:overlay:into:)``
    /// waits for it. The bytes are exactly those drawn in line.
    ///
    /// Only scenes of up to ``maximumLayers`` layers are drawn ahead (the overlay is then held
    /// whole in memory, about 0.8 KB a layer, in pieces); larger ones, or when no thread can be
    /// started, are drawn in line and streamed as before. The job draws the layers' marks on up
    /// to `threads` threads.
    public final class OverlayJob: @unchecked Sendable {
        /// The largest scene drawn ahead on another thread.
        public static let maximumLayers = 150_000

        private let scene: Scene
        private let options: Options
        private let threads: Int
        private var thread: pthread_t?
        // Written by the worker before it ends; read only after `pthread_join`.
        private var pieces: [[UInt8]] = []
        private var warnings: [Diagnostic] = []

        /// Starts drawing the overlay of `scene` on a new thread (when the scene is small enough).
        public init(scene: Scene, options: Options, threads: Int = 1) {
            self.scene = scene
            self.options = options
            self.threads = threads
            guard scene.tree.count <= Self.maximumLayers else { return }
            let context = Unmanaged.passRetained(self).toOpaque()
            var id = pthread_t()
            let started = pthread_create(&id, nil, { context in
                guard let context else { return nil }
                let job = Unmanaged<OverlayJob>.fromOpaque(context).takeRetainedValue()
                var out: [UInt8] = []
                var pieces: [[UInt8]] = []
                job.warnings = DebugSVG.appendOverlay(
                    scene: job.scene, options: job.options, to: &out, threads: job.threads
                ) { buffer in
                    if !buffer.isEmpty { pieces.append(buffer) }
                    buffer = []
                }
                pieces.append(out)
                job.pieces = pieces
                return nil
            }, context)
            if started == 0 {
                thread = id
            } else {
                Unmanaged<OverlayJob>.fromOpaque(context).release()
            }
        }

        /// Waits for the drawing thread: the overlay bytes (in pieces, to be written in order) and
        /// warnings, or nil when the overlay was not drawn ahead (it is then to be drawn in line).
        /// Gives the result only once.
        func take() -> (pieces: [[UInt8]], warnings: [Diagnostic])? {
            guard let id = thread else { return nil }
            thread = nil
            guard pthread_join(id, nil) == 0 else { return nil }
            defer {
                pieces = []
                warnings = []
            }
            return (pieces, warnings)
        }

        deinit {
            // A job dropped unused: the worker still holds its own reference until it ends, so
            // this runs on the caller's thread only after the worker is done; reap it.
            if let id = thread, pthread_equal(id, pthread_self()) == 0 { _ = pthread_join(id, nil) }
        }
    }
}
