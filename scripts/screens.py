"""Screenshots of the table pages as a person sees them, at laptop and phone widths.

Starts a server in this process, opens a table of each game (you against bots), plays your turns
at random for a while in Debian's chromium (headless, through Playwright) and saves PNGs of the
page at your turn: at the start, mid-game and at the end. For looking at the pages, not a test.

    .venv/bin/python scripts/screens.py                      # every game, both widths
    .venv/bin/python scripts/screens.py --games eggo --widths 390x844 --moves 6 --out /tmp/shots
    .venv/bin/python scripts/screens.py --games egg-bound --lang es \
        --param own_cards=chicken:4-4-2:Big_Red --param copies=rooster:0
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.live_server import LiveServer  # noqa: E402

GAMES = ("eggo", "egg-bound", "manda-huevos", "big-chicken")
DIALOG_OPTIONS = "dialog[open] .options button"
MOVES = ".playable, .action-bar button.move:not([aria-disabled])"


def size(text: str) -> dict[str, int]:
    width, _, height = text.partition("x")
    return {"width": int(width), "height": int(height)}


def my_turn(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.myTurn === 'true'"))


def over(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.status === 'over'"))


def play_one(page: Page, rng: random.Random) -> None:
    """One step of a move: a playable thing on the board or in the tray, or a dialog option."""
    for selector in (DIALOG_OPTIONS, MOVES):
        targets = page.locator(selector)
        count = targets.count()
        if count:
            with contextlib.suppress(PlaywrightError):  # the page moved on: try again
                targets.nth(rng.randrange(count)).click(timeout=2000)
            return


def shoot(page: Page, out: Path, name: str) -> None:
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    print(path)


def run(
    games: list[str],
    widths: list[str],
    moves: int,
    out: Path,
    seed: int,
    params: dict[str, str] | None = None,
    lang: str | None = None,
) -> None:
    query = f"?lang={lang}" if lang else ""
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    with (
        LiveServer(Path(tempfile.mkdtemp(prefix="roost-screens-")), bot_pause=0.3) as server,
        sync_playwright() as driver,
    ):
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for game in games:
            for width in widths:
                seats = [{"type": "open"}] + [{"type": "bot", "level": "easy"}] * 2
                body = {
                    "game": game,
                    "players": 3,
                    "seats": seats,
                    "name": "Ana",
                    "params": params or {},
                }
                answer = httpx.post(f"{server.url}/api/tables", json=body)
                if answer.status_code != 201:
                    raise SystemExit(f"{game}: {answer.json()['error']['message']}")
                grant = answer.json()
                context = browser.new_context(viewport=size(width))  # type: ignore[arg-type]
                page = context.new_page()
                page.goto(f"{server.url}/")
                page.evaluate(
                    "([id, grant]) => localStorage.setItem('roost.seat.' + id, grant)",
                    [grant["table"]["id"], httpx.Response(200, json=grant).text],
                )
                page.goto(f"{server.url}/t/{grant['table']['id']}{query}")
                tag = f"{game}-{width}{'-' + lang if lang else ''}"
                # polled: the server's CSP forbids the eval wait_for_function does in the page
                while not page.evaluate("Number(document.body.dataset.version ?? -1) >= 0"):
                    page.wait_for_timeout(50)
                played = 0
                shots = {0: "start", moves // 2: "mid"}
                for _ in range(2000):
                    if over(page):
                        break
                    if not my_turn(page):
                        page.wait_for_timeout(100)
                        continue
                    if played in shots:
                        shoot(page, out, f"{tag}-{shots.pop(played)}")
                    play_one(page, rng)
                    page.wait_for_timeout(150)
                    if page.locator("dialog[open]").count() and "dialog" not in shots.values():
                        shoot(page, out, f"{tag}-dialog")
                        shots[-1] = "dialog"
                    played += 1
                page.wait_for_timeout(1200)
                shoot(page, out, f"{tag}-end")
                context.close()
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--widths", nargs="+", default=["1280x800", "390x844"])
    parser.add_argument("--moves", type=int, default=8, help="your steps before 'mid'")
    parser.add_argument("--out", type=Path, default=ROOT / "test-artifacts" / "screens")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--param", action="append", default=[], metavar="K=V", help="game option")
    parser.add_argument("--lang", help="the page's language (?lang=), e.g. es")
    args = parser.parse_args()
    params = dict(item.split("=", 1) for item in args.param if "=" in item)
    if len(params) != len(args.param):
        parser.error("--param takes K=V")
    run(args.games, args.widths, args.moves, args.out, args.seed, params, args.lang)


if __name__ == "__main__":
    main()
