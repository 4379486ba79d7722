// SPDX-License-Identifier: Apache-2.0
#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place where DiffBench calls into the operating system. Every other module reaches
/// clocks, thread CPU time, processes and signals, memory and allocation counts, instruction
/// counters, files, the terminal and the machine's identity through this module, which has a
/// Linux and a Darwin (macOS) implementation of each; no other file imports Glibc or Darwin
/// (`.ci/portability.sh` checks that, and that each platform function has both implementations).
///
/// Linux is built, tested and measured in CI. Darwin is written to Darwin's documented APIs and
/// checked by the portability check; it is not run in CI (no machine of this project runs macOS).
package enum Platform {
    /// `Linux` or `Darwin`.
    package static var name: String {
        #if os(Linux)
        return "Linux"
        #else
        return "Darwin"
        #endif
    }

    /// The text of the last failed call's error (`strerror(errno)`).
    package static var lastErrorText: String { errorText(errno) }

    /// The last failed call's error number.
    package static var lastError: Int32 { errno }

    /// The text of error number `code`.
    package static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// This process's id.
    package static var processID: Int32 { getpid() }

    /// Ends this process with `code` at once (no cleanup of Swift objects).
    package static func exit(_ code: Int32) -> Never {
        #if os(Linux)
        Glibc.exit(code)
        #else
        Darwin.exit(code)
        #endif
    }

    /// The value of environment variable `name`.
    package static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Sleeps `microseconds`.
    package static func sleep(microseconds: UInt32) { usleep(microseconds) }
}
