"""The rules traces (docs/rules-trace/<game>.md) hold: every normative statement of a game's
rulebook is a numbered row, read "as stated" or by a numbered choice of the game's RULES.md,
and checked by at least one test that exists.

A trace is what lets a player trust that the game is the game; these checks keep it true as
tests are renamed or removed and choices renumbered. They read files only (test modules are
parsed with `ast`, nothing is imported), so they cost next to nothing.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TRACES = ROOT / "docs" / "rules-trace"
GAMES = ROOT / "src" / "roost" / "games"

ROW = re.compile(r"^\|\s*(\d+)\s*\|(.*)\|\s*$")
"""A statement row: its number, then the other cells."""
TEST_ID = re.compile(r"^(tests/[\w/]+\.py)::(?:(\w+)::)?(\w+)(\[[^\]]+\])?$")
"""A test named in a trace: the file, an optional class, the function, an optional
parametrized id."""
CHOICE = re.compile(r"\bchoices? (\d+(?:(?:, | and )\d+)*)")
COUNT = re.compile(r"^Statements: (\d+)\.$", re.M)


def game_names() -> list[str]:
    """The games of the repository, by registry name (their directories, with hyphens)."""
    return sorted(
        path.parent.name.replace("_", "-") for path in GAMES.glob("*/RULES.md") if path.is_file()
    )


@dataclass(frozen=True)
class Row:
    number: int
    statement: str
    reading: str
    tests: str


def rows(text: str) -> list[Row]:
    """The statement rows of a trace, in file order (cells: number, statement, reading, tests;
    the tests are the last cell and the reading the one before, so a statement may hold a
    '|' of its own)."""
    found = []
    for line in text.splitlines():
        match = ROW.match(line)
        if match is None:
            continue
        cells = [cell.strip() for cell in match.group(2).split(" | ")]
        if len(cells) < 3:
            cells += [""] * (3 - len(cells))
        found.append(Row(int(match.group(1)), " | ".join(cells[:-2]), cells[-2], cells[-1]))
    return found


def choice_numbers(rules_md: str) -> set[int]:
    """The numbers of the rows of a RULES.md's choices table (the "## ...Choices..."
    section)."""
    numbers: set[int] = set()
    inside = False
    for line in rules_md.splitlines():
        if line.startswith("## "):
            inside = "choices" in line.lower()
            continue
        match = ROW.match(line) if inside else None
        if match is not None:
            numbers.add(int(match.group(1)))
    return numbers


@cache
def defined_tests(path: Path) -> dict[str, bool]:
    """The test functions a module defines (`name`, or `Class::name` for methods), each with
    whether it is parametrized."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found: dict[str, bool] = {}

    def parametrized(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        return any("parametrize" in ast.unparse(decorator) for decorator in node.decorator_list)

    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found[node.name] = parametrized(node)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    found[f"{node.name}::{item.name}"] = parametrized(item)
    return found


def id_problem(test: str, root: Path) -> str | None:
    """What is wrong with a test named in a trace, or None."""
    match = TEST_ID.match(test)
    if match is None:
        return f"{test!r} is not a test id like tests/test_x.py::test_name"
    module, cls, name, param = match.groups()
    path = root / module
    if not path.is_file():
        return f"{test}: there is no file {module}"
    if not name.startswith("test"):
        return f"{test}: {name} is not a test function (pytest collects test* only)"
    key = f"{cls}::{name}" if cls else name
    functions = defined_tests(path)
    if key not in functions:
        return f"{test}: {module} defines no {key.replace('::', '.')}"
    if param and not functions[key]:
        return f"{test}: {key} is not parametrized, so it has no id {param}"
    return None


def problems(trace: str, rules_md: str, root: Path = ROOT) -> list[str]:
    """Everything wrong with one trace, one line per problem, naming the row."""
    found: list[str] = []
    table = rows(trace)
    if not table:
        return ["no statement rows (| N | statement | reading | tests |)"]
    for expected, row in enumerate(table, start=1):
        if row.number != expected:
            found.append(
                f"row {row.number}: expected row {expected} here (numbering must run "
                "1, 2, 3, ... without a gap or a repeat)"
            )
            break
    count = COUNT.search(trace)
    if count is None:
        found.append('no "Statements: N." line')
    elif int(count.group(1)) != len(table):
        found.append(f"it says Statements: {count.group(1)}, but has {len(table)} rows")
    choices = choice_numbers(rules_md)
    for row in table:
        where = f"row {row.number}"
        if not row.statement:
            found.append(f"{where}: no statement quoted")
        named = [int(n) for group in CHOICE.findall(row.reading) for n in re.findall(r"\d+", group)]
        if "as stated" not in row.reading and not named:
            found.append(
                f"{where}: the reading must be 'as stated' or name a choice: {row.reading!r}"
            )
        for number in named:
            if number not in choices:
                found.append(f"{where}: RULES.md has no choice {number}")
        tests = re.findall(r"`([^`]+)`", row.tests)
        if not tests:
            found.append(f"{where}: no test checks this statement")
        for test in tests:
            problem = id_problem(test, root)
            if problem is not None:
                found.append(f"{where}: {problem}")
    return found


# --- the checks ----------------------------------------------------------------------------------


def test_every_game_has_a_trace_and_every_trace_a_game() -> None:
    traces = sorted(path.stem for path in TRACES.glob("*.md"))
    assert traces == game_names()


@pytest.mark.parametrize("game", game_names())
def test_the_trace_holds(game: str) -> None:
    trace = TRACES / f"{game}.md"
    rules_md = GAMES / game.replace("-", "_") / "RULES.md"
    found = problems(trace.read_text(), rules_md.read_text())
    assert not found, f"{trace.relative_to(ROOT)}:\n  " + "\n  ".join(found)


# --- the checker itself -------------------------------------------------------------------------

RULES_MD = """# A game

## Choices (where the rulebook is silent) and why

| # | Question | Choice | Reason |
|---|---|---|---|
| 1 | who starts | seat 0 | any seat will do |

## Parameters
"""

THIS = "tests/test_rules_trace.py"
GOOD = (
    "Statements: 2.\n\n"
    "| # | Rulebook | Reading | Tests |\n"
    "|---|---|---|---|\n"
    f'| 1 | "Play goes to the left" | choice 1 | `{THIS}::test_the_trace_holds[eggo]` |\n'
    f'| 2 | "Keep cards secret" | as stated | `{THIS}::test_the_checker_accepts_a_good_trace` |\n'
)


def test_the_checker_accepts_a_good_trace() -> None:
    assert problems(GOOD, RULES_MD) == []
    assert choice_numbers(RULES_MD) == {1}
    assert [row.number for row in rows(GOOD)] == [1, 2]


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (("| 2 |", "| 3 |"), "row 3: expected row 2 here"),
        (("Statements: 2.", "Statements: 3."), "it says Statements: 3, but has 2 rows"),
        (("choice 1", "choice 7"), "row 1: RULES.md has no choice 7"),
        (("choice 1", "read loosely"), "row 1: the reading must be 'as stated' or name a choice"),
        (
            ("`tests/test_rules_trace.py::test_the_checker_accepts_a_good_trace`", "none yet"),
            "row 2: no test checks this statement",
        ),
        (
            ("test_the_checker_accepts_a_good_trace", "test_that_was_renamed"),
            "row 2: tests/test_rules_trace.py::test_that_was_renamed: tests/test_rules_trace.py "
            "defines no test_that_was_renamed",
        ),
        (
            ("tests/test_rules_trace.py::test_the_trace", "tests/test_gone.py::test_the_trace"),
            "row 1: tests/test_gone.py::test_the_trace_holds[eggo]: there is no file",
        ),
        (
            ("test_the_checker_accepts_a_good_trace`", "test_the_checker_accepts_a_good_trace[x]`"),
            "is not parametrized, so it has no id [x]",
        ),
        (
            ("`tests/test_rules_trace.py::test_the_checker", "`test_the_checker"),
            "is not a test id like tests/test_x.py::test_name",
        ),
        (('"Keep cards secret"', ""), "row 2: no statement quoted"),
    ],
)
def test_the_checker_finds_what_is_wrong(change: tuple[str, str], complaint: str) -> None:
    old, new = change
    assert old in GOOD
    found = problems(GOOD.replace(old, new, 1), RULES_MD)
    assert any(complaint in problem for problem in found), found
