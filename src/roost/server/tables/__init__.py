"""The tables being played: the lobby that makes and finds them, a table (the authority over
one game), its log, its timers, its bots and automatic answers, and its rows in the store."""
