"""The coach at the tables: reviews of a seat's decisions after a game, hints for the seat to
move, and the learn-to-play tutorials (roost.coach does the thinking; this package schedules it
in the bot workers, stores it with the game and serves it)."""
