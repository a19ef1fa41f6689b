"""tests/durations.py reads a JUnit report into seconds per module (the run's order)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.durations import DURATIONS, module_seconds

REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
<testcase classname="tests.test_rand" name="test_a" time="1.5" />
<testcase classname="tests.test_rand" name="test_b[x]" time="2.0" />
<testcase classname="tests.e2e.test_keyboard" name="test_c" time="4.25" />
<testcase classname="src.roost.lab.stats" name="roost.lab.stats.mean" time="0.5" />
</testsuite></testsuites>
"""


def test_each_modules_seconds_are_summed_under_its_path(tmp_path: Path) -> None:
    report = tmp_path / "junit.xml"
    report.write_text(REPORT)
    assert module_seconds(report) == {
        "src/roost/lab/stats.py": 0.5,
        "tests/e2e/test_keyboard.py": 4.2,
        "tests/test_rand.py": 3.5,
    }


def test_the_recorded_durations_name_modules_that_exist() -> None:
    root = DURATIONS.parents[1]
    recorded = json.loads(DURATIONS.read_text())
    assert recorded and all((root / module).is_file() for module in recorded), recorded
