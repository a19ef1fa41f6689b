"""The store's threads carry OS names (`roost.server.threads`), by which
scripts/load_server.py splits the server's CPU between the event loop, the writer and the
readers."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from roost.server.db import Store
from roost.server.tables.rows import unfinished_count
from roost.server.threads import name_os_thread
from tests.server.helpers import run

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="thread names are read from /proc"
)


def _os_names() -> set[str]:
    return {(task / "comm").read_text().strip() for task in Path("/proc/self/task").iterdir()}


def test_a_named_thread_has_its_name_in_the_os() -> None:
    seen: list[str] = []

    def work() -> None:
        name_os_thread("roost-test-a-long-name")
        seen.append(Path(f"/proc/self/task/{threading.get_native_id()}/comm").read_text())

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert seen == ["roost-test-a-lo\n"]  # the OS keeps 15 bytes


def test_the_stores_writer_and_readers_are_named(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'names.db'}")

    async def use() -> set[str]:
        await store.write(lambda session: None)
        await store.read(lambda session: unfinished_count(session, "nobody"))
        names = _os_names()
        await store.close()
        return names

    names = run(use())
    assert {"roost-commit", "roost-read"} <= names
