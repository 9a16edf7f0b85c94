"""`pitchline --help` lists an author's commands only; the developers' commands (bench, inspect,
labels: docs/commands.md, "For developers") still run and show their own help. No browser."""
from __future__ import annotations

import re
import subprocess

from conftest import ROOT, pitchline_bin


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(pitchline_bin()), *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def listed_commands(help_text: str) -> set[str]:
    """The subcommand names under SUBCOMMANDS in an ArgumentParser help text."""
    section = help_text.split("SUBCOMMANDS:", 1)[1].split("\n\n", 1)[0]
    return {m for m in re.findall(r"^\s{2}(\S+)", section, re.M)}


def test_help_lists_the_authors_commands_only():
    shown = run("--help")
    assert shown.returncode == 0, shown.stderr
    assert listed_commands(shown.stdout) == {"check", "serve", "export", "render", "new", "theme"}, shown.stdout


def test_developer_commands_still_run():
    for command in ("bench", "inspect", "labels"):
        helped = run(command, "--help")
        assert helped.returncode == 0 and "USAGE: pitchline " + command in helped.stdout, helped.stdout + helped.stderr
    labels = run("labels", "site")
    assert labels.returncode == 0 and '"seattle-temperature"' in labels.stdout


def test_the_export_pause_is_hidden():
    assert "--pause-after-each-file" not in run("export", "--help").stdout
    assert "--pause-after-each-file" in run("export", "--help-hidden").stdout
