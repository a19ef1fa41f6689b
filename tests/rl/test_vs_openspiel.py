"""The OpenSpiel yardstick script: a game plays through, seats rotate, records round-trip."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pyspiel")

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "vs_openspiel.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vs_openspiel", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["vs_openspiel"] = module
    spec.loader.exec_module(module)
    return module


def test_games_play_through_with_openspiel_in_a_rotating_seat(tmp_path: Path) -> None:
    script = _script()
    records = tmp_path / "games.jsonl"
    outcomes = script.run("manda-huevos", 2, "hard:5", 2, 2, 1, 1, str(records))
    assert [o.index for o in outcomes] == [0, 1]
    assert [o.kinds.index(script.SPIEL) for o in outcomes] == [0, 1]
    assert not any(o.failed for o in outcomes)
    assert all(o.winners for o in outcomes)
    assert script.load_records(str(records)) == {("manda-huevos", "hard:5", 2): outcomes}
    table = script.report("t", outcomes)
    assert "| OpenSpiel ISMCTS | 2 |" in table
    assert "| Roost | 2 |" in table


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        _script().main(["--game", "chess", "--games", "1"])
    assert stopped.value.code == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
