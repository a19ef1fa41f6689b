"""Reusable checks for games: the conformance suite (`roost.testing.conformance`)."""
