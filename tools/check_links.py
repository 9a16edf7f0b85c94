#!/usr/bin/env python3
"""Every relative link in README.md, DEVELOPERS.md and docs/*.md resolves: the file or folder
exists, and a `#fragment` names a heading of the target (GitHub's heading slugs). And the
"Where to change X" table is the same in DEVELOPERS.md and docs/architecture.md (links aside,
which differ by the folder). Exit 1 with one line per problem."""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~)")


def prose(path: Path) -> list[tuple[int, str]]:
    """The file's lines outside fenced code blocks, numbered."""
    out, fenced = [], False
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line.lstrip()):
            fenced = not fenced
        elif not fenced:
            out.append((n, line))
    return out


def slugs(path: Path) -> set[str]:
    """GitHub's anchors for the headings: lower case, punctuation dropped, spaces as hyphens."""
    found = set()
    for _, line in prose(path):
        if m := re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line):
            slug = re.sub(r"[^\w\- ]", "", m[1].strip().lower()).replace(" ", "-")
            found.add(slug)
    return found


def where_table(path: Path) -> list[str]:
    """The rows of the table under the "Where to change X" heading, links as seen from the root."""
    rows, started = [], False
    for _, line in prose(path):
        if re.match(r"^#+ Where to change X", line):
            started = True
        elif started and line.startswith("|"):
            rows.append(line)
        elif started and rows:
            break
    base = "docs/" if path.parent.name == "docs" else ""
    link = lambda m: m[0] if re.match(r"^[a-z]+:", m[1]) else "](" + (base + m[1] if not m[1].startswith("#") else "docs/architecture.md" + m[1]) + ")"
    return [re.sub(r"\]\(([^)]+)\)", link, row).replace("docs/../", "") for row in rows]


def main() -> int:
    problems = []
    developers, architecture = where_table(ROOT / "DEVELOPERS.md"), where_table(ROOT / "docs/architecture.md")
    if not developers or developers != architecture:
        problems.append("the \"Where to change X\" tables of DEVELOPERS.md and docs/architecture.md differ")
    files = [ROOT / "README.md", ROOT / "DEVELOPERS.md", *sorted((ROOT / "docs").glob("*.md"))]
    for file in files:
        for n, line in prose(file):
            for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, mailto:, …
                    continue
                name, _, fragment = target.partition("#")
                dest = (file.parent / name).resolve() if name else file
                where = f"{file.relative_to(ROOT)}:{n}: {target}"
                if not dest.exists():
                    problems.append(f"{where}: no such file")
                elif fragment and dest.suffix == ".md" and fragment not in slugs(dest):
                    problems.append(f"{where}: no heading #{fragment} in {dest.relative_to(ROOT)}")
    for line in problems:
        print(f"check_links: {line}")
    if not problems:
        print(f"check_links: every relative link in {len(files)} files resolves")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
