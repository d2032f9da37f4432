import Benchmark
import LaminaCore

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 50
    )
    let wide = Fixture.wide()
    let deep = Fixture.deep()
    let ids = wide.tree.allIDs

    Benchmark("frame × 100k layers") { benchmark in
        for _ in benchmark.scaledIterations {
            for id in ids { blackHole(wide.tree.frame(of: id)) }
        }
    }
    Benchmark("convert leaf → root × 90k leaves") { benchmark in
        for _ in benchmark.scaledIterations {
            for id in wide.leaves { blackHole(wide.tree.convert(Point(1, 2), from: id, to: nil)) }
        }
    }
    Benchmark("convert leaf → leaf × 90k") { benchmark in
        let n = wide.leaves.count
        for _ in benchmark.scaledIterations {
            for (k, id) in wide.leaves.enumerated() {
                blackHole(wide.tree.convert(Point(1, 2), from: id, to: wide.leaves[(k * 7919) % n]))
            }
        }
    }
    Benchmark("convert through 100k-deep chain") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(deep.tree.convert(Point(1, 2), from: deep.leaf, to: deep.root))
        }
    }
    Benchmark("hitTest miss (all but masked-off subtrees)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(wide.tree.hitTest(Point(1e9, 1e9), in: wide.root))
        }
    }
    Benchmark("hitTest hit, paint order") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(wide.tree.hitTest(Point(60, 40), in: wide.root, order: .paint))
        }
    }
    Benchmark("hitTest miss, 100k-deep chain") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(deep.tree.hitTest(Point(1e9, 1e9), in: deep.root))
        }
    }
    Benchmark("paintOrder 100k") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(wide.tree.paintOrder(from: wide.root)) }
    }
    Benchmark("toRootMap + clipMap 100k") { benchmark in
        for _ in benchmark.scaledIterations {
            let m = wide.tree.toRootMap(from: wide.root)
            blackHole(wide.tree.clipMap(from: wide.root, toRoot: m))
        }
    }
}
