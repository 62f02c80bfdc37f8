"""A newcomer follows the README's and the docs' links: every relative link names a file of
the checkout and, with a ``#fragment``, a heading of that file (GitHub's anchors)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.servers import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found, in_code = set(), False
    for line in page.read_text().splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and line.startswith("#"):
            found.add(anchor(line.lstrip("#").replace("`", "")))
    return found


def broken_links(page: Path) -> list[str]:
    broken = []
    for target in LINK.findall(page.read_text()):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        path, _, fragment = target.partition("#")
        linked = (page.parent / path) if path else page
        if not linked.exists() or (
            fragment and linked.suffix == ".md" and fragment not in anchors(linked)
        ):
            broken.append(target)
    return broken


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_link_leads_somewhere(page):
    assert broken_links(page) == []


def test_the_docs_a_newcomer_reads_are_linked_from_the_readme():
    readme = LINK.findall((ROOT / "README.md").read_text())
    for name in ("architecture.md", "deploy.md", "performance.md"):
        assert f"docs/{name}" in readme


def test_a_broken_link_is_found(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Here\n\n[there](missing.md#x) [here](#here) [not here](#nowhere)\n")
    assert broken_links(page) == ["missing.md#x", "#nowhere"]
