#!/usr/bin/env python3
"""The docs check on planted stale facts: `python3 .ci/test_docs_check.py BENCH`."""
import contextlib
import io
import os
import shutil
import sys
import tempfile
import unittest

import docs_check

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BENCH = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/bench"))


class DocsCheckTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="diffbench-docs-")
        shutil.copy(os.path.join(ROOT, "README.md"), self.root)
        shutil.copytree(os.path.join(ROOT, "docs"), os.path.join(self.root, "docs"))

    def tearDown(self):
        shutil.rmtree(self.root)

    def check(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = docs_check.main(["docs_check.py", self.root, BENCH])
        return code, out.getvalue()

    def plant(self, page, old, new):
        path = os.path.join(self.root, page)
        text = open(path, encoding="utf-8").read()
        self.assertIn(old, text)
        open(path, "w", encoding="utf-8").write(text.replace(old, new, 1))

    def test_the_pages_as_they_are_pass(self):
        code, out = self.check()
        self.assertEqual(code, 0, out)

    def test_a_stale_cell_count_fails(self):
        self.plant("README.md", " 320 cells", " 290 cells")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("says 290 cells", out)

    def test_a_stale_finished_count_fails(self):
        self.plant("README.md", "64 of 64", "58 of 58")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("58 of 58", out)

    def test_a_wrong_budget_factor_fails(self):
        self.plant("docs/reports.md", "forecast exceeds its budget", "forecast reaches twice its budget")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("twice its budget", out)

    def test_a_missing_subcommand_section_fails(self):
        self.plant("docs/commands.md", "### bench list", "### bench lists")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("no section for bench list", out)


if __name__ == "__main__":
    unittest.main(verbosity=0)
