"""Ratings per game: openskill (Plackett-Luce) updated with each rated result."""
