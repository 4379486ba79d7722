#!/usr/bin/env python3
"""The portability check on planted violations: `python3 .ci/test_portability.py`."""
import contextlib
import io
import os
import shutil
import tempfile
import unittest

import portability

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


class PortabilityTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="diffbench-portability-")
        for folder in ("DiffBenchCProbes", "DiffBenchPlatform", "DiffBenchKit"):
            shutil.copytree(os.path.join(ROOT, "Sources", folder), os.path.join(self.root, "Sources", folder))

    def tearDown(self):
        shutil.rmtree(self.root)

    def check(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = portability.main(["portability.py", self.root])
        return code, out.getvalue()

    def edit(self, relative, change):
        path = os.path.join(self.root, relative)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(change(text))

    def test_the_tree_as_it_is_passes(self):
        code, out = self.check()
        self.assertEqual(code, 0, out)

    def test_a_linux_header_outside_linux_fails(self):
        planted = "#include <errno.h>\n#include <sys/prctl.h>"
        self.edit("Sources/DiffBenchCProbes/probes.c", lambda t: t.replace("#include <errno.h>", planted, 1))
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("darwin sees #include <sys/prctl.h>", out)

    def test_a_darwin_header_outside_apple_fails(self):
        planted = "#include <errno.h>\n#include <mach/mach.h>"
        self.edit("Sources/DiffBenchCProbes/probes.c", lambda t: t.replace("#include <errno.h>", planted, 1))
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("linux sees #include <mach/mach.h>", out)

    def test_a_function_missing_on_one_platform_fails(self):
        def drop_darwin_children(text):
            start = text.index("/* No list of a process's children without libproc")
            end = text.index("}", text.index("int dbp_children", start)) + 1
            return text[:start] + text[end:]
        self.edit("Sources/DiffBenchCProbes/probes.c", drop_darwin_children)
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("dbp_children has no darwin implementation", out)

    def test_import_glibc_outside_the_platform_module_fails(self):
        self.edit("Sources/DiffBenchKit/Console.swift", lambda t: "import Glibc\n" + t)
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("Console.swift:1: imports the system module outside Sources/DiffBenchPlatform", out)

    def test_a_linux_only_call_outside_the_platform_module_fails(self):
        self.edit("Sources/DiffBenchKit/Console.swift",
                  lambda t: t + "\nfunc planted() { _ = prctl(PR_SET_PDEATHSIG, 9) }\n")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("names a Linux-only call outside Sources/DiffBenchPlatform", out)

    def test_a_file_manager_call_outside_the_platform_module_fails(self):
        self.edit("Sources/DiffBenchKit/Console.swift",
                  lambda t: t + "\nfunc planted() -> Bool { FileManager.default.fileExists(atPath: \"/\") }\n")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("calls the operating system outside Sources/DiffBenchPlatform", out)

    def test_a_process_outside_the_platform_module_fails(self):
        self.edit("Sources/DiffBenchKit/RunCommand.swift",
                  lambda t: t + "\nfunc planted() { _ = Process() }\n")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("RunCommand.swift", out)

    def test_a_linux_branch_without_a_darwin_one_fails(self):
        self.edit("Sources/DiffBenchPlatform/Clock.swift",
                  lambda t: t + "\n#if os(Linux)\nfunc onlyLinux() {}\n#endif\n")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("#if os(Linux) without a Darwin branch", out)


if __name__ == "__main__":
    unittest.main()
