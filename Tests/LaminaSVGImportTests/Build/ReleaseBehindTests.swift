import Dispatch
import LaminaCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import LaminaSVGImport

@Suite struct ReleaseBehindTests {
    /// Signals when it is destroyed, with the thread that destroyed it.
    private final class Witness: @unchecked Sendable {
        let destroyed: DispatchSemaphore
        let thread: UnsafeMutablePointer<pthread_t>
        init(_ destroyed: DispatchSemaphore, _ thread: UnsafeMutablePointer<pthread_t>) {
            self.destroyed = destroyed
            self.thread = thread
        }
        deinit {
            thread.pointee = pthread_self()
            destroyed.signal()
        }
    }

    /// A value's last reference handed over is destroyed on another thread, and only once.
    @Test func destroysTheValueOnAnotherThread() {
        let destroyed = DispatchSemaphore(value: 0)
        let thread = UnsafeMutablePointer<pthread_t>.allocate(capacity: 1)
        defer { thread.deallocate() }
        thread.initialize(to: pthread_self())
        let value = [Witness(destroyed, thread)]
        ReleaseBehind.release(consume value)
        #expect(destroyed.wait(timeout: .now() + 10) == .success)
        #expect(pthread_equal(thread.pointee, pthread_self()) == 0)
        #expect(destroyed.wait(timeout: .now() + 0.05) == .timedOut)
    }

    /// A value still referenced elsewhere is only released: the other reference keeps it.
    @Test func leavesAValueReferencedElsewhere() {
        let destroyed = DispatchSemaphore(value: 0)
        let thread = UnsafeMutablePointer<pthread_t>.allocate(capacity: 1)
        defer { thread.deallocate() }
        thread.initialize(to: pthread_self())
        let kept = Witness(destroyed, thread)
        ReleaseBehind.release([kept])
        #expect(destroyed.wait(timeout: .now() + 0.2) == .timedOut)
        withExtendedLifetime(kept) {}
    }

    /// A document large enough for its builder to be released behind imports to the same scene
    /// with two threads as with one, and the scene's tree is its own (the first write to a
    /// column does not find it shared with the builder).
    @Test func aLargeImportIsTheSameOnTwoThreads() throws {
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">"#
        for i in 0..<(ReleaseBehind.minimumLayers / 4 + 10) {
            svg += #"<g transform="translate(1 2)"><rect x="\#(i % 90)" y="1" width="3" height="4"/>"#
            svg += #"<circle cx="5" cy="6" r="2"/><path d="M0 0 L4 4"/></g>"#
        }
        svg += "</svg>"
        let one = try SVGImport.importScene(Array(svg.utf8), file: "big.svg", threads: 1)
        var two = try SVGImport.importScene(Array(svg.utf8), file: "big.svg", threads: 2)
        #expect(two.scene.tree.count >= ReleaseBehind.minimumLayers)
        #expect(one.scene == two.scene)
        #expect(one.diagnostics == two.diagnostics)
        let before = two.scene.tree.layers.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        two.scene.tree.layers[1].name = "changed"
        let after = two.scene.tree.layers.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        #expect(before == after)
    }
}
