"""Each game's lab companion: ``roost.lab.games.<folder>`` exports ``LAB``, a `GameMeasures`."""
