"""Profiles, a player's games and the leaderboards (read-only views of the other concerns)."""
