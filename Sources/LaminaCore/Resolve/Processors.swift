#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many processors a conversion may use: those online, held to the CPU quota of the
/// process's control group (a container started with `--cpus 2` on a 64-processor host gets 2).
///
/// Read with a few system calls rather than Foundation's `ProcessInfo`, whose first use cost
/// about a quarter of a small conversion's instructions (it builds the whole environment and
/// reads the control-group files through URLs).
package enum Processors {
    /// The processors online, held to the control group's CPU quota (rounded up), at least 1.
    package static func available() -> Int {
        #if canImport(Glibc) || canImport(Darwin)
        let online = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        let online = 1
        #endif
        #if os(Linux)
        if let quota = controlGroupQuota() { return max(1, min(online, quota)) }
        #endif
        return online
    }

    /// The processors a `cpu.max` file (cgroup v2: `"max 100000"` or `"200000 100000"`) allows,
    /// rounded up; nil when it sets no limit or cannot be read.
    package static func quota(cpuMax text: String) -> Int? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count >= 2, let quota = Int(fields[0]), let period = Int(fields[1]) else { return nil }
        return processors(quota: quota, period: period)
    }

    /// The processors a cgroup v1 pair (`cpu.cfs_quota_us`, `cpu.cfs_period_us`) allows,
    /// rounded up; nil when the quota is -1 (no limit) or either cannot be read.
    package static func quota(cfsQuota: String, cfsPeriod: String) -> Int? {
        let trim: (String) -> Int? = { Int($0.split(whereSeparator: { $0 == "\n" || $0 == " " }).first ?? "") }
        guard let quota = trim(cfsQuota), let period = trim(cfsPeriod) else { return nil }
        return processors(quota: quota, period: period)
    }

    /// `quota` microseconds of CPU time every `period` microseconds, in whole processors.
    private static func processors(quota: Int, period: Int) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return max(1, (quota + period - 1) / period)
    }

    #if os(Linux)
    /// The CPU quota of this process's control group (v2, then v1), if one is set.
    private static func controlGroupQuota() -> Int? {
        var v2Path = ""
        if let groups = readSmallFile("/proc/self/cgroup") {
            for line in groups.split(separator: "\n") where line.hasPrefix("0::") {
                v2Path = String(line.dropFirst(3))
            }
        }
        let root = "/sys/fs/cgroup"
        for dir in v2Path.isEmpty || v2Path == "/" ? [root] : [root + v2Path, root] {
            if let text = readSmallFile(dir + "/cpu.max") { return quota(cpuMax: text) }
        }
        for dir in [root + "/cpu", root + "/cpu,cpuacct"] {
            if let q = readSmallFile(dir + "/cpu.cfs_quota_us"), let p = readSmallFile(dir + "/cpu.cfs_period_us") {
                return quota(cfsQuota: q, cfsPeriod: p)
            }
        }
        return nil
    }

    /// A short text file (the first 4 KB), or nil when it cannot be opened.
    private static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let bytes = [UInt8](unsafeUninitializedCapacity: 4096) { buffer, count in
            let n = read(fd, buffer.baseAddress, buffer.count)
            count = max(0, n)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    #endif
}
