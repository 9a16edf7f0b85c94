#!/usr/bin/env python3
"""Package.swift's dependencies are exactly the imports (docs/architecture.md, "Modules").

For every target: the modules its Swift files import (standard library modules aside) must equal
the dependencies Package.swift declares for it. SwiftPM's --explicit-target-dependency-import-check
does not report these on Linux with this toolchain (an undeclared import of a transitive
dependency passes), so this check stands in. Exit 1 with one line per difference.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYSTEM = {"Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "Testing", "XCTest", "Synchronization"}
IMPORT = re.compile(r"^\s*(?:@testable\s+)?(?:(?:internal|public|private|fileprivate|package)\s+)?import\s+(\w+)", re.M)


def main() -> int:
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                        capture_output=True, text=True).stdout)
    problems = []
    for target in package["targets"]:
        if target["type"] == "system":
            continue
        name = target["name"]
        folder = ROOT / (target.get("path") or ("Tests" if target["type"] == "test" else "Sources")) / ("" if target.get("path") else name)
        declared = set()
        for dep in target["dependencies"]:
            kind, value = next(iter(dep.items()))
            declared.add(value[0])  # byName / target: the target; product: the product (= module here)
        imported = set()
        for file in folder.rglob("*.swift"):
            imported |= set(IMPORT.findall(file.read_text(encoding="utf-8"))) - SYSTEM
        for module in sorted(imported - declared):
            problems.append(f"{name}: imports {module}, which Package.swift does not declare")
        for module in sorted(declared - imported):
            problems.append(f"{name}: declares {module}, which it never imports")
    for line in problems:
        print(f"check_imports: {line}")
    if not problems:
        print("check_imports: every target's dependencies are exactly its imports")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
