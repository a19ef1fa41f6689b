"""Roost's version: the one place it is written.

``pyproject.toml`` reads it for the package's metadata (``[tool.setuptools.dynamic]``, which
setuptools evaluates without importing roost), ``roost --version``, ``roost.__version__`` and the
server's ``/api/health`` read it here, so a source tree on ``PYTHONPATH`` (no installed
metadata) still knows its version. CHANGELOG.md's newest release names the same version
(tests/test_version.py).
"""

__version__ = "0.1.0"
