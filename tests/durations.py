"""The seconds each test module took, read from a run's JUnit XML report into
tests/durations.json: the root conftest.py orders the run longest module first from it (only
the order depends on it; a module missing from it is ordered by the timeouts its tests
declare). Refresh it after a test module grows or shrinks much::

    .venv/bin/pytest -n 2 --junitxml=build/junit.xml
    .venv/bin/python -m tests.durations build/junit.xml
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path

DURATIONS = Path(__file__).with_name("durations.json")


def module_seconds(report: Path) -> dict[str, float]:
    """Each module's total seconds (setup, call and teardown of its tests) in the report."""
    seconds: dict[str, float] = defaultdict(float)
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        classname = case.get("classname", "")
        module = classname.replace(".", "/")
        while module and not Path(module + ".py").exists():
            module = module.rpartition("/")[0]  # drop a class name, or doctests' module parts
        if module:
            seconds[module + ".py"] += float(case.get("time", "0"))
    return {name: round(value, 1) for name, value in sorted(seconds.items())}


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python -m tests.durations JUNIT.xml")
    DURATIONS.write_text(json.dumps(module_seconds(Path(sys.argv[1])), indent=1) + "\n")
    print(f"wrote {DURATIONS}")


if __name__ == "__main__":
    main()
