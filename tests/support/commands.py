"""The project's Python run in a fresh process, as an operator runs it (manage.py, a script)."""

from __future__ import annotations

import subprocess
import sys

from tests.support.servers import ROOT


def python(
    env: dict[str, str], *args: str, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in the checkout with exactly ``env``; output captured as text."""
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


def manage(
    env: dict[str, str], *args: str, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``python manage.py ARGS`` with exactly ``env``."""
    return python(env, "manage.py", *args, timeout=timeout)
