"""The engine's refusals a person meets most (at the terminal, or as the server's `bad_params`),
said in their language.

A bad game name, a bad ``--param`` or ``--players`` value, an unknown bot: the engine raises a
`RoostError` whose English text is what tests, the API and the server compare, so it stays as it
is there, and the terminal reads it back by its template (`roost.i18n.readback`) before showing
it (the server gives it as a message the page says). The templates are the engine's wording
(roost.core.registry, roost.core.params, roost.bots); one that changes there is shown in
English until its template here follows it.
"""

from __future__ import annotations

from typing import Final

from roost.i18n import N_, gettext
from roost.i18n.readback import ReadBack

ENGINE_SENTENCES: Final = (
    N_("unknown game {name}; the games are: {games}"),
    N_("{game}: parameter {name} takes {accepts}; got {value}"),
    N_("{game}: unknown parameter {name}; its parameters are: {names}"),
    N_("unknown bot {kind}; the bots are: {bots}"),
    N_("bot {kind} takes no ':' option; got {option}"),
    N_("ismcts:N takes a positive number of iterations; got {budget}"),
    N_("ismcts:Ss takes a think time in seconds a move, e.g. 0.5s; got {budget}"),
    N_("ismcts: {key}= takes a number; got {text}"),
    N_("ismcts: unknown setting {item}; the settings are {settings}"),
    N_("there is no file {path}"),
)
"""The refusals' templates, as the engine words them."""

ACCEPTS: Final = (
    N_("one of {choices}"),
    N_("true or false"),
    N_("an integer"),
    N_("a float"),
    N_("a str"),
    N_("{kind} from {low} to {high}"),
    N_("{kind} of at least {low}"),
    N_("{kind} of at most {high}"),
)
"""What a game parameter accepts, in `roost.core.params.Param.accepts`'s words (a refusal says
it, and so does `roost rules`' table of parameters)."""

READ_BACK: Final = ReadBack((*ENGINE_SENTENCES, *ACCEPTS))


def in_our_language(text: str) -> str:
    """`text` (an engine refusal, or anything the terminal shows as an error) in the terminal's
    language where it is one of the engine's sentences, else as it is."""
    return READ_BACK.say(text, gettext)
