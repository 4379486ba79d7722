// SPDX-License-Identifier: Apache-2.0
#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import DiffBenchCProbes

/// What decides timing on this machine, read from the hardware and the system: the CPU model, its
/// core count, memory, the OS and the architecture. Two results files are comparable on timing
/// only when their machines agree on all of these.
package struct Machine: Sendable, Equatable {
    /// The CPU's model name (`Intel(R) Xeon(R) ...`, `Apple M2 Pro`).
    package var cpuModel: String
    /// Logical cores.
    package var cpuCount: Int
    /// Physical memory in MiB.
    package var memoryMB: Int
    /// The operating system's name and version (`Debian GNU/Linux 12 (bookworm)`, `macOS 15.1`).
    package var os: String
    /// The kernel's release (`6.1.0-18-amd64`, Darwin's `24.1.0`).
    package var kernel: String
    /// The architecture (`x86_64`, `arm64`).
    package var arch: String
    /// The host name.
    package var host: String

    /// A machine with these facts.
    package init(
        cpuModel: String, cpuCount: Int, memoryMB: Int, os: String, kernel: String, arch: String,
        host: String
    ) {
        self.cpuModel = cpuModel
        self.cpuCount = cpuCount
        self.memoryMB = memoryMB
        self.os = os
        self.kernel = kernel
        self.arch = arch
        self.host = host
    }

    /// This machine.
    package static var current: Machine {
        var name = utsname()
        uname(&name)
        func field<T>(_ value: inout T) -> String {
            withUnsafeBytes(of: &value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return Machine(
            cpuModel: cpuModelName() ?? "unknown", cpuCount: ProcessInfo.processInfo.activeProcessorCount,
            memoryMB: Int(ProcessInfo.processInfo.physicalMemory / 1_048_576), os: osName(),
            kernel: field(&name.release), arch: field(&name.machine), host: field(&name.nodename))
    }

    /// The identity recorded in a results file and matched by `compare` and the thresholds file:
    /// 12 hex digits of a hash of the CPU model, core count, memory (to the GiB, as a VM reports
    /// it a few MiB apart), OS name and architecture. Not a machine-id file, which cloned
    /// machines share: an Intel and an AMD host never get the same identity.
    ///
    /// - Complexity: O(*k*) for *k* characters of the facts.
    package var identity: String {
        Machine.identity(
            cpuModel: cpuModel, cpuCount: cpuCount, memoryMB: memoryMB,
            os: os, arch: arch)
    }

    /// ``identity`` from the facts (as read back from a results file).
    package static func identity(cpuModel: String, cpuCount: Int, memoryMB: Int, os: String, arch: String) -> String {
        let gib = (memoryMB + 512) / 1024
        let text = "\(cpuModel)|\(cpuCount)|\(gib)|\(os)|\(arch)"
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: max(0, 16 - hex.count)) + hex.prefix(12)
    }

    /// The 1-minute load average, or `nil` where there is none.
    package static func loadAverage() -> Double? {
        let value = dbp_load_average()
        return value >= 0 ? value : nil
    }

    /// The CPU model: `/proc/cpuinfo`'s `model name` (or `Processor`/`CPU part` on some ARM
    /// kernels) on Linux, `machdep.cpu.brand_string` on Darwin.
    static func cpuModelName() -> String? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for key in ["model name", "Processor", "cpu model", "Hardware"] {
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) }),
                let value = line.split(separator: ":", maxSplits: 1).last
            {
                let trimmed = value.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { return trimmed }
            }
        }
        return nil
        #else
        var buffer = [CChar](repeating: 0, count: 256)
        guard dbp_sysctl_string("machdep.cpu.brand_string", &buffer, buffer.count) == 0 else { return nil }
        return String(cString: buffer)
        #endif
    }

    /// The OS: `/etc/os-release`'s `PRETTY_NAME` on Linux, `macOS` and its version on Darwin.
    static func osName() -> String {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
        else {
            return "Linux"
        }
        return String(line.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        #else
        let v = ProcessInfo.processInfo.operatingSystemVersion
        return "macOS \(v.majorVersion).\(v.minorVersion)"
        #endif
    }
}
