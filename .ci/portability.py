#!/usr/bin/env python3
"""The portability check: what can be proved on Linux about DiffBench building on macOS.

1. The C target (Sources/DiffBenchCProbes) seen as Darwin sees it (__APPLE__ defined, __linux__ not)
   includes no Linux-only header, and seen as Linux sees it includes no Darwin-only header.
2. Each function the C header declares is defined once for each platform (shared code counts for
   both), and nothing else is defined.
3. No Swift file outside Sources/DiffBenchPlatform imports Glibc or Darwin or names a Linux-only
   call; inside it, every `#if os(Linux)` has a Darwin branch.
4. No Swift file outside Sources/DiffBenchPlatform starts a `Process` or calls `FileManager.default`,
   but for the files the README lists (FILE_SYSTEM_EXCEPTIONS below, the app products' guard).

Usage: .ci/portability.py [ROOT]   (exit 0 when portable, 1 with one line per violation)
Nothing here compiles for Darwin: Swift code for Darwin is written to Darwin's documented APIs and
checked only by these rules (README, "Where it runs").
"""
import os
import re
import sys

LINUX_ONLY_HEADERS = re.compile(r"^(linux/|asm/|malloc\.h$|sys/prctl\.h$|sys/personality\.h$|sys/syscall\.h$"
                                r"|sys/epoll\.h$|sys/inotify\.h$|sys/sysinfo\.h$|features\.h$)")
DARWIN_ONLY_HEADERS = re.compile(r"^(mach/|mach-o/|malloc/malloc\.h$|libproc\.h$|sys/event\.h$|sys/sysctl\.h$)")
LINUX_ONLY_SWIFT = re.compile(r"\b(personality|prctl|pidfd_open|mallinfo2?|epoll_\w+|inotify_\w+|eventfd|memfd_create"
                              r"|sched_setaffinity|__libc_\w+|SYS_\w+|PR_SET_\w+)\b|\"/proc/|Glibc\.")
OPERATING_SYSTEM = re.compile(r"\bProcess\(\)|\bFileManager\.default\b")
# The app product's guard links no DiffBenchPlatform (an app imports it): README, "Where it runs".
FILE_SYSTEM_EXCEPTIONS = {"Sources/DiffBenchDiffingGuard/GuardCaseWriter.swift",
                          "Sources/DiffBenchDiffingGuard/UpdateGuard.swift"}
IMPORT_SYSTEM = re.compile(r"^\s*(@\w+\s+)*import\s+(Glibc|Darwin|Musl)\b|canImport\((Glibc|Darwin)\)")
DEFINITION = re.compile(r"^(?:__attribute__\(\([^)]*\)\)\s*)?[A-Za-z_][\w \*]*?\b(dbp_\w+)\s*\(")
DECLARATION = re.compile(r"^[A-Za-z_][\w \*]*?\b(dbp_\w+)\s*\(")


def active_lines(lines, platform):
    """The lines of a C file that the preprocessor keeps when `platform` ('linux' or 'darwin') is
    the target: #if/#ifdef/#elif/#else/#endif evaluated for defined(__linux__) and
    defined(__APPLE__); any other condition is taken as true (both branches are then checked)."""
    defined = {"__linux__": platform == "linux", "__APPLE__": platform == "darwin", "__MACH__": platform == "darwin"}

    def value(condition):
        condition = condition.strip()
        if condition.startswith("!"):
            inner = value(condition[1:])
            return None if inner is None else not inner
        match = re.fullmatch(r"defined\s*\(?\s*(\w+)\s*\)?", condition)
        if match and match.group(1) in defined:
            return defined[match.group(1)]
        return None  # unknown: taken as true

    stack = []  # each: [taking now, some branch taken already, parent active]
    kept = []
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        active = all(frame[0] for frame in stack)
        directive = re.match(r"#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)", stripped)
        if directive:
            kind, rest = directive.group(1), directive.group(2)
            if kind in ("if", "ifdef", "ifndef"):
                cond = value(rest if kind == "if" else ("defined(%s)" % rest.strip() if kind == "ifdef"
                                                        else "!defined(%s)" % rest.strip()))
                taking = True if cond is None else cond
                stack.append([taking, taking, active])
            elif kind == "elif":
                cond = value(rest)
                taking = (not stack[-1][1]) and (True if cond is None else cond)
                stack[-1][0] = taking
                stack[-1][1] = stack[-1][1] or taking
            elif kind == "else":
                stack[-1][0] = not stack[-1][1]
                stack[-1][1] = True
            else:
                stack.pop()
            continue
        if active:
            kept.append((number, line))
    return kept


def check_c(root):
    problems = []
    folder = os.path.join(root, "Sources", "DiffBenchCProbes")
    header = os.path.join(folder, "include", "DiffBenchCProbes.h")
    declared = set()
    with open(header, encoding="utf-8") as f:
        for line in f:
            match = DECLARATION.match(line)
            if match:
                declared.add(match.group(1))
    sources = [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".c")]
    for platform, forbidden in (("darwin", LINUX_ONLY_HEADERS), ("linux", DARWIN_ONLY_HEADERS)):
        defined = {}
        for path in sources + [header]:
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            for number, line in active_lines(lines, platform):
                include = re.match(r'\s*#\s*include\s*[<"]([^>"]+)[>"]', line)
                if include and forbidden.search(include.group(1)):
                    problems.append(f"{os.path.relpath(path, root)}:{number}: {platform} sees "
                                    f"#include <{include.group(1)}>, a header it does not have")
                match = DEFINITION.match(line)
                if match and path != header and not line.rstrip().endswith(";"):
                    name = match.group(1)
                    if name in defined:
                        problems.append(f"{os.path.relpath(path, root)}:{number}: {name} is defined twice "
                                        f"for {platform}")
                    defined[name] = number
        for name in sorted(declared - set(defined)):
            problems.append(f"Sources/DiffBenchCProbes: {name} has no {platform} implementation")
        for name in sorted(set(defined) - declared):
            problems.append(f"Sources/DiffBenchCProbes: {name} is defined for {platform} but not declared in "
                            "the header")
    return problems


def check_swift(root):
    problems = []
    platform_folder = os.path.join(root, "Sources", "DiffBenchPlatform")
    for folder, _, names in os.walk(os.path.join(root, "Sources")):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            inside = os.path.commonpath([path, platform_folder]) == platform_folder
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            depth_linux = []
            for number, line in enumerate(lines, 1):
                code = line.split("//", 1)[0]
                where = f"{os.path.relpath(path, root)}:{number}"
                if not inside and IMPORT_SYSTEM.search(code):
                    problems.append(f"{where}: imports the system module outside Sources/DiffBenchPlatform: "
                                    f"{line.strip()}")
                if not inside and OPERATING_SYSTEM.search(code) \
                        and os.path.relpath(path, root) not in FILE_SYSTEM_EXCEPTIONS:
                    problems.append(f"{where}: calls the operating system outside Sources/DiffBenchPlatform "
                                    f"(through DiffBenchPlatform's Files or CommandOutput): {line.strip()}")
                if not inside and LINUX_ONLY_SWIFT.search(code):
                    problems.append(f"{where}: names a Linux-only call outside Sources/DiffBenchPlatform: "
                                    f"{line.strip()}")
                if inside:
                    stripped = code.strip()
                    if stripped.startswith("#if"):
                        depth_linux.append([stripped.startswith("#if os(Linux)"), False, number])
                    elif stripped.startswith("#else") or stripped.startswith("#elseif"):
                        if depth_linux:
                            depth_linux[-1][1] = True
                    elif stripped.startswith("#endif") and depth_linux:
                        is_linux, has_other, opened = depth_linux.pop()
                        if is_linux and not has_other:
                            problems.append(f"{os.path.relpath(path, root)}:{opened}: #if os(Linux) without a "
                                            "Darwin branch (#else or #elseif)")
    return problems


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    problems = check_c(root) + check_swift(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"portability: {len(problems)} problems")
        return 1
    print("portability: the C target includes Linux headers only under __linux__ and Darwin headers only under "
          "__APPLE__, defines every function for both; no Swift file outside Sources/DiffBenchPlatform imports "
          "Glibc or Darwin or names a Linux-only call")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
