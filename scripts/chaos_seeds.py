"""The two kill -9 runs of `make test` (tests/server/test_chaos.py), again and again with other
seeds: a race that one run in ten hits shows up here, not in CI.

    .venv/bin/python scripts/chaos_seeds.py --runs 30               # both kinds, seeds 100..129
    .venv/bin/python scripts/chaos_seeds.py --runs 5 --kinds sqlite --first-seed 7

Each run prints its summary line; a failed run prints its failures and its seed (turn it into a
regression test: `suite_config(kind, seed)` reproduces the run's choices, though not the
timing). The exit status is 1 if any run failed. PostgreSQL runs use one throwaway cluster
(initdb/pg_ctl in a temp folder) with a fresh database per run.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path

from chaos import ChaosReport, run_chaos, suite_config
from serverkit import Postgres, fresh_database, load_average

KINDS = ("sqlite", "postgres")


def one_run(kind: str, seed: int, postgres: Postgres | None) -> ChaosReport:
    folder = Path(tempfile.mkdtemp(prefix=f"roost-chaos-{kind}-{seed}-"))
    try:
        db_url = fresh_database(postgres.url) if postgres is not None else ""
        return asyncio.run(run_chaos(suite_config(kind, seed, db_url), folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="runs of each kind")
    parser.add_argument("--first-seed", type=int, default=100)
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    started = time.monotonic()
    print(f"load at the start: {load_average()}", flush=True)
    failed: dict[str, list[int]] = {kind: [] for kind in args.kinds}
    postgres = Postgres.start(max_connections=200) if "postgres" in args.kinds else None
    try:
        for kind in args.kinds:
            for seed in range(args.first_seed, args.first_seed + args.runs):
                report = one_run(kind, seed, postgres if kind == "postgres" else None)
                verdict = "FAILED" if report.failures else "ok"
                print(f"{kind} seed {seed}: {verdict}: {report.summary()}", flush=True)
                for failure in report.failures[:20]:
                    print(f"    - {failure}", flush=True)
                if report.failures:
                    failed[kind].append(seed)
    finally:
        if postgres is not None:
            postgres.stop()
    minutes = (time.monotonic() - started) / 60
    print(f"load at the end: {load_average()}; {minutes:.1f} min")
    for kind, seeds in failed.items():
        which = f" (seeds {seeds})" if seeds else ""
        print(f"{kind}: {args.runs} runs, {len(seeds)} failed{which}")
    sys.exit(1 if any(failed.values()) else 0)


if __name__ == "__main__":
    main()
