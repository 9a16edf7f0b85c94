#!/usr/bin/env python3
"""Package.swift's dependencies are exactly the imports, and the module map says so (docs/architecture.md, "Modules").

For every target: the modules its Swift files import (standard library modules aside) must equal
the dependencies Package.swift declares for it. SwiftPM's --explicit-target-dependency-import-check
does not report these on Linux with this toolchain (an undeclared import of a transitive
dependency passes), so this check stands in.

The map: the Mermaid graph in docs/architecture.md draws exactly Package.swift's dependencies of
the package's targets (test targets and their helpers under Tests/ aside), each edge once, the
build plugin as a dotted edge; the module tables of docs/architecture.md and DEVELOPERS.md list every
module below all of its dependencies. Exit 1 with one line per difference.
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
        if target["type"] in ("system", "plugin"):  # C headers; build plugins import PackagePlugin
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
    problems += check_module_map(package)
    for line in problems:
        print(f"check_imports: {line}")
    if not problems:
        print("check_imports: every target's dependencies are exactly its imports, and the module map draws them")
    return 1 if problems else 0


EDGE = re.compile(r"^\s*(\w+)\s*-->\s*(\w+(?:\s*&\s*\w+)*)\s*$")
PLUGIN_EDGE = re.compile(r"^\s*(\w+)\s*-\.\s*build plugin\s*\.->\s*(\w+)\s*$")
TABLE_ROW = re.compile(r"^\|([^|]*)\|")
NAME = re.compile(r"`(\w+)`")


def package_edges(package) -> tuple[set[tuple[str, str]], set[tuple[str, str]], list[str]]:
    """(dependency edges, build plugin edges, module names) of the non-test targets."""
    edges, plugins, modules = set(), set(), []
    for target in package["targets"]:
        if target["type"] == "test" or (target.get("path") or "").startswith("Tests/"):
            continue
        modules.append(target["name"])
        for dep in target["dependencies"]:
            edges.add((target["name"], next(iter(dep.values()))[0]))
        for usage in target.get("pluginUsages") or []:
            plugins.add((target["name"], next(iter(usage.values()))[0]))
    return edges, plugins, modules


def mermaid_edges(text: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[str]]:
    """Edges drawn in the first Mermaid block (each as often as drawn), and lines not understood."""
    block = text.split("```mermaid", 1)[1].split("```", 1)[0].splitlines()
    edges, plugins, unknown = [], [], []
    for line in block:
        if m := EDGE.match(line):
            edges += [(m[1], to.strip()) for to in m[2].split("&")]
        elif m := PLUGIN_EDGE.match(line):
            plugins.append((m[1], m[2]))
        elif line.strip() and not line.strip().startswith(("graph ", "classDef ", "class ", "%%")):
            unknown.append(line.strip())
    return edges, plugins, unknown


def table_order(text: str, heading: str, modules: list[str]) -> list[str]:
    """The modules in the order of the first table after `heading` (a row may name several)."""
    after = text.split(heading, 1)[1]
    order = []
    for line in after.splitlines():
        if not line.startswith("|"):
            if order:
                break
            continue
        if m := TABLE_ROW.match(line):
            order += [n for n in NAME.findall(m[1]) if n in modules]
    return order


def check_module_map(package) -> list[str]:
    problems = []
    edges, plugins, modules = package_edges(package)
    architecture = (ROOT / "docs/architecture.md").read_text(encoding="utf-8")
    drawn, drawn_plugins, unknown = mermaid_edges(architecture)
    where = "docs/architecture.md graph"
    for line in unknown:
        problems.append(f"{where}: cannot read the line \"{line}\"")
    for edge in sorted({e for e in drawn + drawn_plugins if (drawn + drawn_plugins).count(e) > 1}):
        problems.append(f"{where}: draws {edge[0]} -> {edge[1]} more than once")
    for a, b in sorted(edges - set(drawn)):
        problems.append(f"{where}: lacks {a} --> {b} (Package.swift)")
    for a, b in sorted(set(drawn) - edges):
        problems.append(f"{where}: draws {a} --> {b}, which Package.swift does not declare")
    for a, b in sorted(plugins ^ set(drawn_plugins)):
        problems.append(f"{where}: the build plugin edge {a} -. build plugin .-> {b} differs from Package.swift")
    nodes = {n for e in drawn + drawn_plugins for n in e}
    for module in modules:
        if module not in nodes:
            problems.append(f"{where}: lacks the module {module}")
    for file, heading in (("docs/architecture.md", "## Modules"), ("DEVELOPERS.md", "## Code map")):
        order = table_order((ROOT / file).read_text(encoding="utf-8"), heading, modules)
        for module in modules:
            if module not in order:
                problems.append(f"{file} module table: lacks {module}")
        place = {m: i for i, m in enumerate(order)}
        for a, b in sorted(edges | plugins):
            if a in place and b in place and place[b] >= place[a]:
                problems.append(f"{file} module table: {a} uses {b}, which is not listed above it")
    return problems


if __name__ == "__main__":
    sys.exit(main())
