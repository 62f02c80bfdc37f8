"""`make run` and `make test` install from requirements.lock alone (``--require-hashes``): a
dependency added to pyproject.toml but not locked would be missing on a fresh machine, and
a locked version outside its range would be one nobody asked for. An operator would notice
either as a clone that does not start. The lock is written again by ``make lock``."""

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def locked() -> dict[str, list[tuple[str, list[str]]]]:
    """Each locked package: its versions (several where markers split it), with hashes."""
    text = (ROOT / "requirements.lock").read_text()
    found: dict[str, list[tuple[str, list[str]]]] = {}
    for entry in re.split(r"\n(?=\S)", text):
        if not entry.strip() or entry.startswith("#"):
            continue
        name, version = re.match(r"([A-Za-z0-9_.\-]+)==([^\s;\\]+)", entry).groups()
        hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", entry)
        found.setdefault(canonicalize_name(name), []).append((version, hashes))
    return found


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = project["dependencies"] + project["optional-dependencies"]["dev"]
    return [Requirement(name) for name in names]


def test_every_dependency_is_locked_at_a_version_in_its_range():
    lock = locked()
    for requirement in declared():
        versions = lock.get(canonicalize_name(requirement.name))
        assert versions, f"{requirement.name} is not in requirements.lock: run `make lock`"
        for version, _hashes in versions:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"{requirement.name}=={version} is outside {requirement.specifier}: run `make lock`"
            )


def test_every_locked_package_has_its_hashes():
    for name, versions in locked().items():
        for version, hashes in versions:
            assert hashes, f"{name}=={version} has no hash in requirements.lock"


def test_the_install_takes_nothing_but_the_hashed_lock_from_pypi():
    makefile = (ROOT / "Makefile").read_text()
    install = re.search(r"^PIP_FROM_LOCK := (.+?)(?<!\\)\n", makefile, re.M | re.S).group(1)
    assert "--require-hashes" in install
    # pip's own default index alone: no configured mirror, find-links, extra index or constraints
    assert "PIP_CONFIG_FILE=/dev/null" in install
    assert "PIP_EXTRA_INDEX_URL= " in install and "PIP_FIND_LINKS= " in install
    recipe = re.search(r"^\$\(BIN\)/\.installed: (.+?)\n\n", makefile, re.M | re.S).group(1)
    assert recipe.startswith("requirements.lock")
    assert "$(PIP_FROM_LOCK) -r requirements.lock" in recipe
    assert "pip install" not in recipe.replace("$(PIP_FROM_LOCK)", "")
