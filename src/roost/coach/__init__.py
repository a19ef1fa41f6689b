"""The coach: what the search can tell a person about their own play.

* `roost.coach.review`: after a game, for every decision a seat took, the search's estimate of
  that seat's result with the move it chose and with the best move, worked out from the seat's
  own information only (resampled worlds, never the real hidden cards), with marks for the
  moves that lost the most;
* `roost.coach.hints`: the search's top moves for the seat to move, with their estimates;
* `roost.coach.calibration`: whether those estimates mean what they say (Brier score against
  the base rate, a reliability table);
* `roost.coach.tutorials`: per game a prepared first game that explains each rule at the moment
  it first matters.

The coach sits above the engine and the bots (`roost.core`, `roost.bots`) and below the front
ends (`roost.cli`, `roost.server`); it is plain Python calling the compiled search.
"""
