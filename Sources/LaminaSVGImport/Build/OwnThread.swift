#if canImport(Glibc)
import Glibc
#endif

/// Work run on a new detached thread of its own, not on one of Dispatch's workers: on a 2-core
/// host the pool has one worker beside the command's, and work queued there waits behind it.
enum OwnThread {
    /// What the thread runs. The thread holds the job's only reference and releases it there,
    /// after ``run()``: a job's deinit (and what its fields free) runs on that thread too.
    class Job: @unchecked Sendable {
        init() {}
        /// The work (nothing by default: a job whose point is its destruction).
        func run() {}
    }

    /// Starts `job` on a new detached thread; false when no thread could be started (the job
    /// is released on the calling thread then, not run).
    static func start(_ job: consuming Job) -> Bool {
        #if canImport(Glibc)
        let context = Unmanaged.passRetained(job).toOpaque()
        // The caller's reference goes before the thread starts, so that the thread's is the last.
        _ = consume job
        var id = pthread_t()
        let started = pthread_create(
            &id, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Job>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            return false
        }
        pthread_detach(id)
        return true
        #else
        return false
        #endif
    }
}
