"""The coach of one server process: its reviews and hints (and the tutorials' tables)."""

from __future__ import annotations

from roost.server.coach.hints import Hints
from roost.server.coach.reviews import Reviews
from roost.server.config import CoachLimits
from roost.server.db import Store
from roost.server.tables.bots import BotRunner


class Coach:
    """What `create_app` starts for the coach: reviews (background jobs) and hints."""

    def __init__(self, store: Store, bots: BotRunner, limits: CoachLimits) -> None:
        self.reviews = Reviews(store, bots, limits)
        self.hints = Hints(bots, limits)

    async def close(self) -> None:
        await self.reviews.close()
