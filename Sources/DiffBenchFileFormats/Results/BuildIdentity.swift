// SPDX-License-Identifier: Apache-2.0
/// One build that measured: its commit, whether its tree had uncommitted changes, and the
/// identity of its executable (`build_id`, empty in files written before that column).
///
/// A row pooled from several builds (`bench merge --allow-different-builds`) names every one of
/// them in its `build_id` column: `mixed:` and each build as `COMMIT/DIRTY/ID`, `+`-joined
/// (`mixed:1a2b3c4d5e6f/false/00000000000000aa+1a2b3c4d5e6f/true/00000000000000bb`; `%`, `/` and
/// `+` inside a field written `%25`, `%2F`, `%2B`). Before, the merged row kept its first file's
/// build alone: a dirty build 1.5x slower, merged with a clean one, passed every later compare
/// as the clean build. Now every later merge, compare and history sees both builds, refuses the
/// file without `--allow-different-builds` and names them.
package struct BuildIdentity: Hashable, Sendable {
    /// The commit (`unknown` when not known), the dirty flag (`true`, `false`, `unknown`) and the
    /// executable's identity.
    package var commit: String, dirty: String, id: String

    /// What marks a `build_id` that names several builds.
    package static let mixedPrefix = "mixed:"

    /// What tells two builds apart: the executable's identity, else the commit and dirty flag.
    ///
    /// - Complexity: O(1).
    package var key: String { id.isEmpty ? "\(commit)|\(dirty)" : id }

    /// The build as a reader names it (`commit 1a2b3c4d5e6f with uncommitted changes, build
    /// 9f0e...`).
    ///
    /// - Complexity: O(1).
    package var name: String {
        let known = commit != "unknown" && !commit.isEmpty
        let named = known ? "commit \(commit.prefix(12))" : "an unknown commit"
        let changes = dirty == "true" ? " with uncommitted changes" : ""
        return "\(named)\(changes), " + (id.isEmpty ? "build unknown (written before build_id)" : "build \(id)")
    }

    /// The builds a row's metadata names: one, or each of a pooled row's (``mixedPrefix``). A
    /// `mixed:` value that does not parse is one build of that name (never the same as another).
    ///
    /// - Complexity: O(*k*) in the length of the `build_id`.
    package static func of(_ meta: RunMetadata) -> [BuildIdentity] {
        guard meta.buildID.hasPrefix(mixedPrefix) else {
            return [BuildIdentity(commit: meta.gitCommit, dirty: meta.gitDirty, id: meta.buildID)]
        }
        let members = meta.buildID.dropFirst(mixedPrefix.count).split(separator: "+", omittingEmptySubsequences: false)
        var builds: [BuildIdentity] = []
        for member in members {
            let fields = member.split(separator: "/", omittingEmptySubsequences: false).map { unescape(String($0)) }
            guard fields.count == 3, fields.allSatisfy({ $0 != nil }) else {
                return [BuildIdentity(commit: meta.gitCommit, dirty: meta.gitDirty, id: meta.buildID)]
            }
            builds.append(BuildIdentity(commit: fields[0]!, dirty: fields[1]!, id: fields[2]!))
        }
        return builds
    }

    /// The `build_id` of a row pooled from `builds`: the one build's own identity, or the
    /// ``mixedPrefix`` list of every build, each once, in order.
    ///
    /// - Complexity: O(*b*) for *b* builds.
    package static func column(_ builds: [BuildIdentity]) -> String {
        var seen: Set<String> = [], distinct: [BuildIdentity] = []
        for build in builds where seen.insert(build.key).inserted { distinct.append(build) }
        guard distinct.count > 1 else { return distinct.first?.id ?? "" }
        return mixedPrefix
            + distinct.map { [$0.commit, $0.dirty, $0.id].map(escape).joined(separator: "/") }.joined(separator: "+")
    }

    /// `field` with `%`, `/` and `+` written as `%25`, `%2F`, `%2B`.
    ///
    /// - Complexity: O(*n*) in the field's length.
    static func escape(_ field: String) -> String {
        var out = ""
        for c in field {
            switch c {
            case "%": out += "%25"
            case "/": out += "%2F"
            case "+": out += "%2B"
            default: out.append(c)
            }
        }
        return out
    }

    /// The field ``escape(_:)`` wrote, or `nil` for an escape it does not write.
    ///
    /// - Complexity: O(*n*) in the field's length.
    static func unescape(_ field: String) -> String? {
        var out = "", rest = Substring(field)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let code = rest[percent...].prefix(3)
            switch code {
            case "%25": out += "%"
            case "%2F": out += "/"
            case "%2B": out += "+"
            default: return nil
            }
            rest = rest[percent...].dropFirst(3)
        }
        return out + rest
    }
}
