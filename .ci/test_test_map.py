#!/usr/bin/env python3
"""The test map's check on planted faults: `python3 .ci/test_test_map.py`."""
import contextlib
import io
import os
import shutil
import tempfile
import unittest

import test_map

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


class TestMapTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="diffbench-test-map-")
        for folder in ("Sources", "Tests", "docs"):
            shutil.copytree(os.path.join(ROOT, folder), os.path.join(self.root, folder))

    def tearDown(self):
        shutil.rmtree(self.root)

    def check(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = test_map.main(["test_map.py", self.root])
        return code, out.getvalue()

    def write(self, path, text):
        os.makedirs(os.path.dirname(os.path.join(self.root, path)), exist_ok=True)
        open(os.path.join(self.root, path), "w", encoding="utf-8").write(text)

    def test_the_tree_as_it_is_passes(self):
        code, out = self.check()
        self.assertEqual(code, 0, out)

    def test_a_new_source_file_without_tests_fails(self):
        self.write("Sources/DiffBenchModel/Widget.swift", "struct Widget {}\n")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("Sources/DiffBenchModel/Widget.swift: no Tests/DiffBenchModelTests/.../WidgetTests.swift", out)

    def test_a_test_file_of_its_name_makes_it_findable(self):
        self.write("Sources/DiffBenchModel/Widget.swift", "struct Widget {}\n")
        self.write("Tests/DiffBenchModelTests/WidgetTests.swift", "// Widget\n")
        code, out = self.check()
        self.assertEqual(code, 0, out)

    def test_a_line_naming_a_missing_test_file_fails(self):
        path = os.path.join(self.root, "docs/architecture.md")
        text = open(path, encoding="utf-8").read()
        line = next(x for x in text.splitlines() if x.startswith("| `Sources/") and "`Tests/" in x)
        test = line.split("`Tests/", 1)[1].split("`", 1)[0]
        os.remove(os.path.join(self.root, "Tests", test))
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn(f"names Tests/{test}", out)


if __name__ == "__main__":
    unittest.main(verbosity=0)
