"""The benchmarks under ``bench/`` as modules a test can call (they are scripts, not a package)."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from tests.support.servers import ROOT


def load_bench() -> ModuleType:
    """``bench/load.py``, loaded once per test process."""
    name = "load_bench"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / "load.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module
