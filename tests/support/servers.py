"""Start real Daphne processes for tests that need a served site (browser, restart, scale-out)."""

from __future__ import annotations

import collections
import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Served(str):
    """A served base URL (``http://127.0.0.1:PORT``) that also holds its Daphne process."""

    process: subprocess.Popen


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def daphne(
    port: int | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 30.0,
    log: Path | None = None,
) -> Iterator[Served]:
    """Run ``daphne config.asgi:application`` on loopback and yield its base URL.

    The URL's ``process`` is the Daphne process, for tests that kill it mid-game.
    A process that logs a lot (one line per action) writes to ``log``: a pipe
    nobody reads would fill up and stall it.
    """
    port = port or free_port()
    process_env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "PYTHONPATH": str(ROOT),
        **(env or {}),
    }
    output = log.open("w") if log else subprocess.PIPE
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "config.asgi:application",
        ],
        cwd=ROOT,
        env=process_env,
        stdout=output,
        stderr=subprocess.STDOUT,
        text=True,
    )
    if log:
        output.close()  # the process has its own copy
    else:
        # Drain the server's output as it comes: a pipe nobody reads fills up (64 KiB of
        # access log) and Daphne then blocks on its next log line and stops answering.
        lines: collections.deque[str] = collections.deque(maxlen=400)
        threading.Thread(target=_drain, args=(process, lines), daemon=True).start()
        process.output = lines  # type: ignore[attr-defined]
    url = Served(f"http://127.0.0.1:{port}")
    url.process = process
    try:
        wait_until_serving(url, process, timeout, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_until_serving(
    url: str, process: subprocess.Popen, timeout: float, log: Path | None = None
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            time.sleep(0.2)  # let the drain thread read the last lines
            output = log.read_text() if log else "".join(getattr(process, "output", ()))
            raise RuntimeError(f"Daphne exited with {process.returncode}:\n{output}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1):
                return
        except urllib.error.HTTPError:
            return  # it answers; the status is the test's business
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"Daphne did not answer on {url} within {timeout} s")


def _drain(process: subprocess.Popen, output: collections.deque[str]) -> None:
    """Read the server's output until it exits, keeping the last lines for error reports."""
    if process.stdout is None:
        return
    for line in process.stdout:
        output.append(line)
