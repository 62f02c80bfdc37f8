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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def daphne(
    port: int | None = None, env: dict[str, str] | None = None, timeout: float = 30.0
) -> Iterator[str]:
    """Run ``daphne config.asgi:application`` on loopback and yield its base URL."""
    port = port or free_port()
    process_env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "PYTHONPATH": str(ROOT),
        **(env or {}),
    }
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
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    # Drain the server's output as it comes: a pipe nobody reads fills up (64 KiB of
    # access log) and Daphne then blocks on its next log line and stops answering.
    output: collections.deque[str] = collections.deque(maxlen=400)
    threading.Thread(target=_drain, args=(process, output), daemon=True).start()
    process.output = output  # type: ignore[attr-defined]
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(url, process, timeout)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_until_serving(url: str, process: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            time.sleep(0.2)  # let the drain thread read the last lines
            output = "".join(getattr(process, "output", ()))
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
